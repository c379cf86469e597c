//! What a ruleset tells `fray track` about the time its rules run across: which rounds roll
//! initiative anew, who the opening leaves out of action and until when, the roll that may end
//! a stun, and whether it has delayed actions and lair actions. Each ruleset declares one
//! [`Rounds`] in its folder (`track.rs`), citing its rule; the tracker reaches it through the
//! registry and never names a game.

use crate::dice::Dice;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// A ruleset's round rules.
pub struct Rounds {
    /// Whether initiative is rolled anew at the start of `round` (2 or later), given the
    /// `--variant` the fight was started with.
    pub rerolls: fn(round: u32, variant: Option<&str>) -> bool,
    /// Who the opening document (the encounter's or the initiative's, as JSON) leaves out of
    /// action, and until when.
    pub absences: fn(opening: &Value) -> Vec<Absence>,
    /// The roll at the start of a stunned combatant's turn that may end the stun; `None`
    /// where the ruleset has none.
    pub recovery: Option<RecoveryRoll>,
    /// Delayed, readied and held actions, where the ruleset has them.
    pub moves: Option<Moves>,
    /// Lair actions at initiative count 20, losing ties.
    pub lair: bool,
    /// Whether `start` shows the opening procedure's own text (not where that text rolls ahead
    /// what the tracker rolls turn by turn).
    pub opening_text: bool,
    /// Where it does not, the opening's rolls in words.
    pub opening_words: fn(opening: &Value) -> Vec<String>,
}

/// No words of the opening beside its own text.
pub fn no_words(_: &Value) -> Vec<String> {
    Vec::new()
}

/// The recovery roll at the start of a stunned combatant's `turn`.
pub type RecoveryRoll = fn(stun: &Recovery, turn: u32, dice: &mut dyn Dice) -> RecoveryCheck;

/// The numbers delayed and readied actions take.
pub struct Moves {
    /// The initiative of one who acts right after a combatant at `anchor`.
    pub delayed: fn(anchor: i64) -> i64,
    /// The initiative of a prepared action that fires right before a combatant at `anchor`.
    pub readied: fn(anchor: i64) -> i64,
    /// The order of those who delayed to the same moment, given each one's tie key (`None`
    /// where the order does not say it).
    pub meeting: fn(tie_keys: &[Option<i64>], dice: &mut dyn Dice) -> Meeting,
}

/// Those who delayed to one moment, in order: places into the list given, and each round of a
/// roll-off among the still level, as (who, the die each rolled).
pub struct Meeting {
    pub order: Vec<usize>,
    pub sides: u32,
    pub roll_offs: Vec<(Vec<usize>, Vec<u32>)>,
}

/// One who cannot act yet, as the opening says.
#[derive(Clone, Debug)]
pub struct Absence {
    pub name: String,
    /// In the ruleset's words: `surprised`, `stunned`, `frozen`, `dramatic failure`.
    pub reason: String,
    /// The round it acts from; `None` while a recovery roll decides.
    pub from_round: Option<u32>,
    pub recovery: Option<Recovery>,
}

/// A stun that ends on a roll at the start of one of the stunned combatant's turns.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Recovery {
    pub iq: i32,
    pub cr: bool,
    /// `stunned` (partial surprise: a bonus each turn after the first) or `frozen` (total).
    pub shock: String,
    /// The first turn it rolls on (after a freeze, the turn after it ends).
    pub first_turn: u32,
}

/// One recovery roll: the ruleset's own record of it, and whether it succeeded.
pub struct RecoveryCheck {
    pub roll: Value,
    pub success: bool,
}

/// No initiative rolled anew: the order of round 1 holds for the fight.
pub fn never(_: u32, _: Option<&str>) -> bool {
    false
}

/// Nobody left out by the opening.
pub fn nobody(_: &Value) -> Vec<Absence> {
    Vec::new()
}

/// The acting order of an initiative or encounter document: its `order`, or its
/// initiative's.
pub fn order_of(doc: &Value) -> &[Value] {
    doc.get("order")
        .or_else(|| doc.get("initiative").and_then(|i| i.get("order")))
        .and_then(Value::as_array)
        .map_or(&[], Vec::as_slice)
}
