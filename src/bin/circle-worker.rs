//! The Survival circle AI's Web Worker (not built yet).

fn main() {}
