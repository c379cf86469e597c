//! The fight as World of Darkness initiative sees it: who fights, the moves they declare,
//! and the order the roll gives, as the roll, its odds and its text share them.

use crate::dice::Roll;
use crate::order::{KeyName, Tie};
use crate::outcome::{Modifier, sum};
use serde::Serialize;
use std::ops::Not;

/// One combatant as the initiative roll sees it.
#[derive(Clone, Debug)]
pub struct Fighter {
    pub name: String,
    pub side: String,
    /// Dexterity and Composure, or the `init=` modifier.
    pub modifiers: Vec<Modifier>,
    /// Dexterity + Composure, which breaks ties; `None` when `init=` stands in for the
    /// modifier and neither trait is given.
    pub dex_composure: Option<i32>,
    /// `initiative=N`: a total already known; no roll.
    pub given: Option<i32>,
    /// Surprised: enters the order in round 2 (`surprised` key, or the encounter's roll).
    pub surprised: bool,
}

impl Fighter {
    pub fn modifier(&self) -> i32 {
        sum(&self.modifiers)
    }

    /// What breaks a tie: Dexterity + Composure (WoD p. 152), else the modifier.
    pub fn tie_break(&self) -> i32 {
        self.dex_composure.unwrap_or_else(|| self.modifier())
    }
}

/// Where a moved action lands: right before or right after another combatant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Anchor {
    Before(usize),
    After(usize),
}

impl Anchor {
    pub fn other(self) -> usize {
        match self {
            Anchor::Before(o) | Anchor::After(o) => o,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveKind {
    /// `--delay NAME:after=OTHER`: acts right after OTHER, at OTHER's initiative − 1.
    Delay,
    /// `--ready NAME:before=OTHER`: a prepared action right before OTHER, at OTHER's + 1.
    Ready,
    /// `--hold NAME`: gives up round 1 to act at any moment of round 2, then returns.
    Hold,
}

/// A delayed, readied or held action. Delays and readies always have an anchor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move {
    pub who: usize,
    pub kind: MoveKind,
    pub anchor: Option<Anchor>,
}

/// What one pass through the acting order is called: a round in WoD (2004), a turn in CofD (2e).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Beat {
    #[default]
    Round,
    Turn,
}

impl Beat {
    pub fn word(self) -> &'static str {
        match self {
            Beat::Round => "round",
            Beat::Turn => "turn",
        }
    }

    /// The help of `--hold`, in the game's word for its beat.
    pub fn hold_help(self) -> &'static str {
        match self {
            Beat::Round => {
                "NAME gives up its first-round action to act at any moment of round 2 \
                 (NAME[:before=OTHER|after=OTHER] places it)"
            }
            Beat::Turn => {
                "NAME gives up its first-turn action to act at any moment of turn 2 \
                 (NAME[:before=OTHER|after=OTHER] places it)"
            }
        }
    }
}

#[derive(Clone, Debug)]
pub struct InitiativeInput {
    pub fighters: Vec<Fighter>,
    /// At most one per combatant; anchors name other combatants and never form a loop.
    pub moves: Vec<Move>,
    /// How the game names a round, in text and odds.
    pub beat: Beat,
}

impl InitiativeInput {
    pub(super) fn move_of(&self, who: usize) -> Option<&Move> {
        self.moves.iter().find(|m| m.who == who)
    }

    /// Each fighter's move, looked up once: [`InitiativeInput::move_of`] for every fighter.
    pub(super) fn move_by_fighter(&self) -> Vec<Option<&Move>> {
        let mut by = vec![None; self.fighters.len()];
        for m in self.moves.iter().rev() {
            if let Some(slot) = by.get_mut(m.who) {
                *slot = Some(m);
            }
        }
        by
    }

    /// Combatants whose initiative is rolled rather than given.
    pub(super) fn rollers(&self) -> usize {
        self.fighters.iter().filter(|f| f.given.is_none()).count()
    }
}

#[derive(Clone, Debug, Serialize)]
pub struct FighterRoll<'a> {
    pub name: &'a str,
    pub side: &'a str,
    /// The initiative modifier: Dexterity + Composure, or `init=`.
    pub modifier: i32,
    pub modifiers: &'a [Modifier],
    /// 1d10, no 10-again; absent when the total was given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub roll: Option<Roll>,
    #[serde(skip_serializing_if = "Not::not")]
    pub given: bool,
    /// The rolled (or given) initiative, before any delay.
    pub initiative: i32,
}

/// Why combatants sharing a moment were put in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum TieKind {
    /// The same initiative total.
    Initiative,
    /// Delayed or readied to the same moment.
    Moved,
    /// Held actions placed at the same moment of round 2.
    Round2,
}

/// A tie and what the tied share: an initiative total, or a moment they waited for.
#[derive(Clone, Debug, Serialize)]
pub struct MomentTie<'a> {
    pub kind: TieKind,
    #[serde(flatten)]
    pub tie: Tie<'a, i32>,
}

/// WoD p. 152: ties go to the higher Dexterity + Composure, then a roll-off.
pub static DEX_COMPOSURE: KeyName = KeyName { id: "dex_composure", words: "Dexterity + Composure" };
/// When no tied combatant has the traits given (only `init=`), the modifier stands in.
pub static MODIFIER: KeyName = KeyName { id: "modifier", words: "modifier" };
/// Some have the traits, some only `init=`.
pub static DEX_COMPOSURE_OR_MODIFIER: KeyName =
    KeyName { id: "dex_composure_or_modifier", words: "Dexterity + Composure (the modifier where not given)" };

impl InitiativeInput {
    /// The tie rule's key, named for what it compares in this cast.
    pub(super) fn tie_key(&self) -> &'static KeyName {
        let known = self.fighters.iter().filter(|f| f.dex_composure.is_some()).count();
        match known {
            k if k == self.fighters.len() => &DEX_COMPOSURE,
            0 => &MODIFIER,
            _ => &DEX_COMPOSURE_OR_MODIFIER,
        }
    }
}

/// A delayed or readied action on the standing order.
#[derive(Clone, Debug, Serialize)]
pub struct Waiting<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub after: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub before: Option<&'a str>,
    /// The initiative it had before moving.
    pub from: i32,
    /// It already acts after OTHER, so the move changes nothing.
    #[serde(skip_serializing_if = "Not::not")]
    pub void: bool,
}

/// A held action: round 1 given up, round 2 at will (or at the place given).
#[derive(Clone, Debug, Serialize)]
pub struct Holding<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub after: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub before: Option<&'a str>,
    /// No place given: it may act at any moment of round 2.
    #[serde(skip_serializing_if = "Not::not")]
    pub any_moment: bool,
    /// Surprised: there is no first-round action to give up.
    #[serde(skip_serializing_if = "Not::not")]
    pub void: bool,
}

/// One entry of the standing acting order.
#[derive(Clone, Debug, Serialize)]
pub struct Place<'a> {
    pub name: &'a str,
    /// The initiative number it acts on.
    pub total: i32,
    pub modifier: i32,
    /// Surprised: acts from round 2.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub enters_round: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub delayed: Option<Waiting<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ready: Option<Waiting<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub holds: Option<Holding<'a>>,
}

/// One turn of a round that differs from the standing order.
#[derive(Clone, Debug, Serialize)]
pub struct Turn<'a> {
    pub name: &'a str,
    /// The number acted on; null for a held action that may come at any moment.
    pub total: Option<i32>,
    #[serde(skip_serializing_if = "Not::not")]
    pub held: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SitOutReason {
    /// seed 003: no action in the first round.
    Surprised,
    /// seed 003: gave up the first-round action for round 2; may still move its Speed.
    Holds,
    /// WoD p. 151–152: a dramatic failure on the surprise roll costs the second round (and its
    /// Defense) too.
    DramaticFailure,
}

#[derive(Clone, Debug, Serialize)]
pub struct SitOut<'a> {
    pub name: &'a str,
    pub reason: SitOutReason,
}

#[derive(Clone, Debug, Serialize)]
pub struct RoundOrder<'a> {
    pub round: u32,
    /// This order holds for every later round too.
    pub onward: bool,
    pub order: Vec<Turn<'a>>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub sits_out: Vec<SitOut<'a>>,
}

#[derive(Clone, Debug, Serialize)]
pub struct InitiativeOutcome<'a> {
    pub combatants: Vec<FighterRoll<'a>>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub ties: Vec<MomentTie<'a>>,
    /// The standing acting order (from round 3 when a held action changes round 2).
    pub order: Vec<Place<'a>>,
    /// Round by round, when rounds 1 and 2 differ from the standing order.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub rounds: Vec<RoundOrder<'a>>,
    /// The standing order and round 1's, by combatant index (for the odds).
    #[serde(skip)]
    pub(super) standing: Vec<usize>,
    #[serde(skip)]
    pub(super) round_one: Vec<usize>,
    #[serde(skip)]
    pub beat: Beat,
}
