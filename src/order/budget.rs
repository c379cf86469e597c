//! How far the odds of a ranking are worked out exactly before they are estimated, for every
//! ruleset in one place: the engine's own limits ([`crate::order::odds`]), how long an order
//! `--odds` lists in full, the casts each ruleset's special cases are exact for, and how many
//! seeded runs an estimate makes.

use crate::odds::Fallback;

/// Work (about one multiplication of a small number into a big one each) that "who acts
/// first" may do before it gives up, leaving the answer to an estimate.
pub const FIRST_WORK: u64 = 40_000_000;
/// Work each contender's place may take (a second or so on a slow machine).
pub const PLACE_WORK: u64 = 1_000_000_000;
/// Decimal digits that the exact fractions of one answer may print in all: past this, a
/// fraction is too long to be of use, and the answer is left to an estimate.
pub const TEXT_BUDGET: u64 = 16_000_000;
/// Place outcomes `--odds` lists over all the place parts: past this (a hundred contenders,
/// say, each with a hundred places) only who acts first is given.
pub const PLACE_OUTCOMES: usize = 10_000;
/// States the group that takes the first place (the level acting together) may be counted in.
pub const FIRST_GROUP_STATES: usize = 100_000;
/// Contenders the first group is counted for: one bit each.
pub const FIRST_GROUP_CAST: usize = 128;

/// Contenders (or sides) up to which `--odds` lists the whole acting order; more get who acts
/// first and each one's place.
pub const FULL_ORDER: usize = 3;
/// The same for B/X individual initiative, whose d6 orders stay few for one more.
pub const FULL_ORDER_INDIVIDUAL: usize = 4;

/// B/X individual initiative is counted exactly for up to this many rolling contenders, and
/// with ties re-rolled for a cast of at most [`INDIVIDUAL_CAST`].
pub const INDIVIDUAL_ROLLERS: usize = 48;
pub const INDIVIDUAL_CAST: usize = 100;

/// Most combatants tied together by WoD's delays and readied actions (movers and the anchors
/// they wait on), counting twice those whose staying in is itself uncertain (a surprise roll),
/// for which who stands first is worked out exactly: each is followed through both ways it may go.
pub const MOVED_CHAINED: usize = 9;
/// Most combatants in all for that: the work grows with the cube of the cast.
pub const MOVED_CAST: usize = 24;
/// The same when some stay in only on a surprise roll's chance, whose long fractions cost more.
pub const MOVED_UNSURE_CAST: usize = 12;

/// Dice paths of a fight's initiative rolls walked exactly for its acting order: four rolled
/// combatants of WoD (10^4). Beyond that every path is a whole fight, so the answer is estimated
/// instead.
pub const FIGHT_PATHS: u128 = 10_000;
/// Steps of the exact walk of round 1 after a surprise roll (acting orders × branches of the
/// surprise rolls × combatants) before whole encounters are run instead.
pub const ROUND_ONE_WALK: usize = 200_000;

/// How many seeded runs an estimate makes: `work` contender-runs in all, so a cast of thousands
/// is run fewer times, and at least `least`.
#[derive(Clone, Copy, Debug)]
pub struct Estimate {
    pub work: u64,
    pub least: u64,
}

impl Estimate {
    /// Runs for `contenders`, never more than `most` (the `--odds` fallback's trials).
    pub fn runs(self, contenders: usize, most: u64) -> u64 {
        (self.work / contenders.max(1) as u64).max(self.least).min(most)
    }

    /// `fallback` with its trials cut to the runs for `contenders`, its seed kept.
    pub fn fallback(self, fallback: Fallback, contenders: usize) -> Fallback {
        Fallback { seed: fallback.seed, trials: self.runs(contenders, fallback.trials) }
    }
}

/// Who acts first and each place, estimated by the engine.
pub const STANDINGS_ESTIMATE: Estimate = Estimate { work: 2_000_000, least: 200 };
/// D&D 5e's who acts first among some, estimated from rounds of its initiative.
pub const DND5E_FIRST_ESTIMATE: Estimate = Estimate { work: 200_000, least: 20 };
/// B/X individual initiative's who acts first.
pub const INDIVIDUAL_FIRST_ESTIMATE: Estimate = Estimate { work: 1_000_000, least: 100 };
/// WoD's fights (initiative and encounters) too big to walk die by die.
pub const WOD_FIGHT_ESTIMATE: Estimate = Estimate { work: 100_000, least: 200 };
