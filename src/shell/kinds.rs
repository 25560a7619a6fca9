//! The games of the console: each a kind with its page folder, storage
//! prefix and save-file format. The home page lists every kind; a game page
//! knows its own.

/// One game of the console.
#[derive(Debug, PartialEq, Eq)]
pub struct Kind {
    /// Page folder and storage-key prefix, e.g. `"survival"`.
    pub key: &'static str,
    /// The game's name as shown.
    pub title: &'static str,
    /// The `format` member of its save files.
    pub format: &'static str,
    /// One line for the home page.
    pub blurb: &'static str,
    /// Whether the page has a built-in demo game (`#/demo`).
    pub demo: bool,
    /// What the game counts in its progress: "round", "phase", "move", "step".
    pub unit: &'static str,
    /// What one game is called: "game", or "season" for Dice ORG.
    pub noun: &'static str,
}

/// Mini-Survivor.
pub const MINI_SURVIVOR: Kind = Kind {
    key: "mini-survivor",
    title: "Mini-Survivor",
    format: "mini-survivor-game",
    blurb: "Survivors on a gemstone tribe grid; orders by forum post; rounds adjudicated.",
    demo: true,
    unit: "round",
    noun: "game",
};

/// Survival (social deduction).
pub const SURVIVAL: Kind = Kind {
    key: "survival",
    title: "Survival",
    format: "survival-game",
    blurb: "Werewolf-style: dealt cards, night actions by PM, day votes in the thread.",
    demo: false,
    unit: "phase",
    noun: "game",
};

/// Survival circle.
pub const SURVIVAL_CIRCLE: Kind = Kind {
    key: "survival-circle",
    title: "Survival circle",
    format: "survival-circle-game",
    blurb: "Two players on a 16-cell circle: referee, hot-seat, or play the AI.",
    demo: false,
    unit: "move",
    noun: "game",
};

/// Dice ORG.
pub const DICE_ORG: Kind = Kind {
    key: "dice-org",
    title: "Dice ORG",
    format: "dice-org-game",
    blurb: "A Survivor-style season run by producers: dice, camp, conversations, votes, jury.",
    demo: false,
    unit: "step",
    noun: "season",
};

/// Every kind, in the order the home page shows them.
pub const KINDS: [&Kind; 4] = [&MINI_SURVIVOR, &SURVIVAL, &SURVIVAL_CIRCLE, &DICE_ORG];

/// The kind whose save files have this `format` member.
pub fn by_format(format: &str) -> Option<&'static Kind> {
    KINDS.into_iter().find(|k| k.format == format)
}
