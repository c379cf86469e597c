//! How far the odds of wod's rules are worked out exactly before they are estimated; the
//! acting order's own budgets are the ranking's, in [`crate::order::budget`].

use crate::odds::Fallback;
pub(super) use crate::order::budget::FULL_ORDER;
use crate::order::budget::WOD_FIGHT_ESTIMATE;

/// Dice paths enumerated exactly for a fight: four rolled combatants (10^4). Beyond that
/// every path is a whole fight, so the answer is estimated instead.
pub(super) const EXACT_PATHS: u128 = 10_000;
/// Rollers one side may have for its surprise odds to be worked out exactly: each roller's
/// chance depends on every side-mate's (an exceptional success warns them all).
pub(super) const EXACT_SIDE: usize = 24;
/// Sides of several rollers an encounter's round 1 is worked out exactly for: each doubles the work.
pub(super) const MAX_SHARED_SIDES: usize = 8;
/// Steps of the exact round-1 walk (acting orders × branches × combatants) before whole
/// encounters are simulated instead.
pub(super) const WALK_BUDGET: usize = 200_000;

/// Seeded runs for a fight too big to enumerate: fewer for bigger casts, so the answer
/// still comes back in about a second.
pub(super) fn trials(fallback: Fallback, combatants: usize) -> Fallback {
    Fallback { seed: fallback.seed, trials: WOD_FIGHT_ESTIMATE.runs(combatants, fallback.trials) }
}
