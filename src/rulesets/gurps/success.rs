//! Success rolls (Basic Set): 3d6 at or under a target, and their chances, each target's
//! enumerated once.

use crate::dice::{Dice, Roll};
use crate::odds::{Fallback, Method, dist_of};
use crate::prob::Prob;
use serde::Serialize;
use std::collections::BTreeMap;

/// Basic Set: 3d6 at or under the target succeeds; 3 and 4 always succeed, 17 and 18 always fail.
pub fn succeeds(total: u32, target: i32) -> bool {
    match total {
        ..=4 => true,
        17.. => false,
        t => t as i32 <= target,
    }
}

/// One success roll: 3d6 against a target.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct SuccessRoll {
    pub roll: Roll,
    pub target: i32,
    pub success: bool,
    /// A 3–4 or 17–18 decided it against the target.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub automatic: bool,
}

pub fn success_roll(target: i32, dice: &mut dyn Dice) -> SuccessRoll {
    let roll = dice.roll(3, 6);
    let success = succeeds(roll.total, target);
    SuccessRoll { roll, target, success, automatic: success != (roll.total as i32 <= target) }
}

/// The chance of a success roll against `target`, from [`success_roll`] itself.
pub(super) fn success_chance(target: i32, fallback: Fallback, method: &mut Method) -> Prob {
    dist_of(|d| success_roll(target, d).success, fallback, method).prob(|&s| s)
}

/// Success chances by target, each enumerated once; `method` says whether all were exact.
pub(super) struct Chances {
    by_target: BTreeMap<i32, Prob>,
    fallback: Fallback,
    pub(super) method: Method,
}

impl Chances {
    pub(super) fn new(fallback: Fallback) -> Chances {
        Chances { by_target: BTreeMap::new(), fallback, method: Method::exact(fallback) }
    }

    pub(super) fn of(&mut self, target: i32) -> Prob {
        let (fallback, method) = (self.fallback, &mut self.method);
        self.by_target.entry(target).or_insert_with(|| success_chance(target, fallback, method)).clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::SeededDice;
    use crate::rulesets::gurps::fixtures::fallback;

    #[test]
    fn success_rolls_follow_the_basic_set() {
        for (total, target, success) in [
            (3, -5, true),
            (4, 1, true),
            (5, 4, false),
            (10, 10, true),
            (11, 10, false),
            (16, 16, true),
            (16, 30, true),
            (17, 30, false),
            (18, 18, false),
        ] {
            assert_eq!(succeeds(total, target), success, "{total} vs {target}");
        }
        // 3d6 ≤ 10 is 108/216 = 1/2; IQ 1 succeeds only on 3–4 (4/216); any target ≥ 16 fails on 17–18.
        assert_eq!(Chances::new(fallback()).of(10), Prob::new(1, 2));
        assert_eq!(Chances::new(fallback()).of(1), Prob::new(4, 216));
        assert_eq!(Chances::new(fallback()).of(-3), Prob::new(4, 216));
        assert_eq!(Chances::new(fallback()).of(16), Prob::new(212, 216));
        assert_eq!(Chances::new(fallback()).of(40), Prob::new(212, 216));
    }

    #[test]
    fn automatic_results_are_marked_only_when_they_decide() {
        let mut dice = SeededDice::new(5);
        for _ in 0..2000 {
            let r = success_roll(2, &mut dice);
            assert_eq!(r.success, r.roll.total <= 4);
            assert_eq!(r.automatic, r.roll.total <= 4);
            let r = success_roll(20, &mut dice);
            assert_eq!(r.automatic, r.roll.total >= 17);
        }
    }
}
