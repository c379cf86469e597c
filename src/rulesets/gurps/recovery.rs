//! Recovery from surprise (seed 001): a surprised combatant's IQ roll each turn until one
//! succeeds.
//!
//! Every IQ roll goes through [`success_roll`]; every recovery goes through [`recover`] when
//! rolled and through `recovery_dist` when its odds are asked, and both take each turn's
//! target from [`recovery_target`], so the rolls and the odds cannot disagree.

use super::success::{Chances, SuccessRoll, success_roll};
use crate::dice::Dice;
use crate::odds::Dist;
use crate::outcome::{Modifier, sum};
use crate::prob::Prob;
use serde::Serialize;

/// Turns of recovery rolls followed before a combatant is called out of the fight.
pub const DEFAULT_ROUNDS: u32 = 20;

/// How a surprised combatant is caught.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Shock {
    /// Total surprise without Combat Reflexes: frozen for the freeze, then IQ rolls at base IQ.
    Frozen,
    /// Partial surprise, or total surprise with Combat Reflexes: IQ rolls from the first
    /// turn, +1 on the 2nd turn, +2 on the 3rd…
    Stunned,
}

impl Shock {
    /// How the output names it: `frozen`, `stunned`.
    pub fn word(self) -> &'static str {
        match self {
            Shock::Frozen => "frozen",
            Shock::Stunned => "stunned",
        }
    }
}

/// The IQ-roll target on `turn` and the bonuses behind it.
pub fn recovery_target(iq: i32, cr: bool, shock: Shock, turn: u32) -> (i32, Vec<Modifier>) {
    let mut bonuses = Vec::new();
    if cr {
        // seed 001: Combat Reflexes gives +6 to every IQ roll to recover from surprise.
        bonuses.push(Modifier::new(6, "Combat Reflexes"));
    }
    if shock == Shock::Stunned && turn > 1 {
        // seed 001: partial surprise, +1 on the 2nd turn, +2 on the 3rd and so on.
        bonuses.push(Modifier::new(turn.saturating_sub(1).min(i32::MAX as u32) as i32, format!("turn {turn}")));
    }
    (iq.saturating_add(sum(&bonuses)), bonuses)
}

/// One IQ roll to recover, at the start of a turn.
#[derive(Clone, Debug, Serialize)]
pub struct RecoveryRoll {
    pub turn: u32,
    /// Bonuses to IQ that make up the target.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub modifiers: Vec<Modifier>,
    #[serde(flatten)]
    pub check: SuccessRoll,
}

/// The IQ rolls of a surprised combatant from `first_turn` up to `rounds`, until one succeeds.
/// Returns the rolls and the turn it acts normally from (`None`: still stunned after `rounds`).
pub fn recover(
    iq: i32,
    cr: bool,
    shock: Shock,
    first_turn: u32,
    rounds: u32,
    dice: &mut dyn Dice,
) -> (Vec<RecoveryRoll>, Option<u32>) {
    let mut rolls = Vec::new();
    for turn in first_turn..=rounds {
        let (target, modifiers) = recovery_target(iq, cr, shock, turn);
        let check = success_roll(target, dice);
        rolls.push(RecoveryRoll { turn, modifiers, check });
        if check.success {
            // seed 001: on a success it still Does Nothing this turn, and acts from the next.
            return (rolls, Some(turn + 1));
        }
    }
    (rolls, None)
}

/// When a combatant acts normally: from a turn, or not within the turns followed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Recovered {
    From(u32),
    Never,
}

/// The distribution of [`recover`]'s result, turn by turn, each turn's chance enumerated
/// from the same success roll. Only the still-stunned state goes on to the next turn, so
/// a long cap costs one step a turn.
pub(super) fn recovery_dist(
    iq: i32,
    cr: bool,
    shock: Shock,
    first_turn: u32,
    rounds: u32,
    chances: &mut Chances,
) -> Dist<Recovered> {
    let mut settled = Vec::new();
    let mut still = Prob::one();
    for turn in first_turn..=rounds {
        let (target, _) = recovery_target(iq, cr, shock, turn);
        let p = chances.of(target);
        settled.push((Recovered::From(turn + 1), still.mul(&p)));
        still = still.mul(&p.complement());
    }
    settled.push((Recovered::Never, still));
    Dist::from_pairs(settled)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::gurps::fixtures::words;

    #[test]
    fn recovery_targets() {
        let (t, m) = recovery_target(10, false, Shock::Stunned, 1);
        assert_eq!((t, m.len()), (10, 0));
        assert_eq!(recovery_target(10, false, Shock::Stunned, 3).0, 12);
        assert_eq!(words(&recovery_target(9, true, Shock::Stunned, 2).1), ["+6 Combat Reflexes", "+1 turn 2"]);
        assert_eq!(recovery_target(9, true, Shock::Stunned, 2).0, 16);
        // Total surprise: base IQ every turn, whatever the turn.
        assert_eq!(recovery_target(9, false, Shock::Frozen, 7).0, 9);
    }
}
