//! The survival rules engine (RULES.md). Not written yet.

pub mod case {
    //! The case format (cases/FORMAT.md).

    /// Plays a case: the record as JSON, or why the case is broken.
    pub fn run_case(_json: &str) -> Result<serde_json::Value, String> {
        Err("the survival engine is not written yet".to_string())
    }
}
