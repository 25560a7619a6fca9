//! R9 posts (to come).
