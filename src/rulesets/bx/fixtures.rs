//! Helpers the procedures' unit tests share.

use crate::odds::{Fallback, Odds};

pub(super) fn fallback() -> Fallback {
    Fallback { seed: 1, trials: 10_000 }
}

pub(super) fn fractions(odds: &Odds) -> Vec<String> {
    odds.entries.iter().map(|e| format!("{} {}", e.label, e.prob)).collect()
}
