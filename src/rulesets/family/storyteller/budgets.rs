//! How far the odds of wod's surprise rolls are worked out exactly before they are estimated;
//! the acting order's own budgets, and the runs of an estimate of a whole fight, are the
//! ranking's, in [`crate::order::budget`].

pub(super) use crate::order::budget::{FIGHT_PATHS, FULL_ORDER, ROUND_ONE_WALK, WOD_FIGHT_ESTIMATE};

/// Rollers one side may have for its surprise odds to be worked out exactly: each roller's
/// chance depends on every side-mate's (an exceptional success warns them all).
pub(super) const EXACT_SIDE: usize = 24;
/// Sides of several rollers an encounter's round 1 is worked out exactly for: each doubles the work.
pub(super) const MAX_SHARED_SIDES: usize = 8;
