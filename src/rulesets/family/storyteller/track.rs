//! The rules of a wod (and cofd) fight kept by `fray track` (seed 003): initiative holds for
//! the fight, and delayed, readied and held actions.

use super::fight::DEX_COMPOSURE;
use crate::cast::KeyValues;
use crate::dice::Dice;
use crate::fight::keys::Points;
use crate::fight::{Carried, Combatant, Fighting, Meeting, Moves, Said};
use crate::order::{Settle, TieKey, rank};
use serde::{Deserialize, Serialize};

pub struct Rules;

pub static RULES: Rules = Rules;

static MOVES: Moves = Moves { delayed: delayed_total, readied: readied_total, meeting: delayers_meeting };

/// seed 003: one who delays acts right after the other, at the other's initiative − 1.
pub fn delayed_total(anchor: i64) -> i64 {
    anchor.saturating_sub(1)
}

/// seed 003: a readied action fires right before the other, at the other's initiative + 1.
pub fn readied_total(anchor: i64) -> i64 {
    anchor.saturating_add(1)
}

/// seed 003: several who delay to the same moment go by the tie rule: the higher Dexterity +
/// Composure first (WoD p. 152), then a d10 roll-off.
pub fn delayers_meeting(tie_keys: &[Option<i64>], dice: &mut dyn Dice) -> Meeting {
    let who: Vec<usize> = (0..tie_keys.len()).collect();
    let tie_break = |i: usize| tie_keys[i].unwrap_or(0);
    let rule = [TieKey { name: &DEX_COMPOSURE, value: &tie_break }];
    let ranking = rank(&who, |_| 0, &rule, Settle::RollOff(10), dice);
    let roll_offs = ranking
        .ties
        .iter()
        .flat_map(|tie| &tie.roll_offs)
        .flat_map(|drawn| {
            drawn.draw.rounds.iter().map(|r| (r.who.iter().map(|&k| drawn.who[k]).collect(), r.rolls.clone()))
        })
        .collect();
    Meeting { order: ranking.order, sides: 10, roll_offs }
}

/// A wound marked on a health track, the most severe first (WoD p. 173).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Wound {
    Aggravated,
    Lethal,
    Bashing,
}

impl Wound {
    fn of(word: &str) -> Wound {
        match word {
            "aggravated" => Wound::Aggravated,
            "bashing" => Wound::Bashing,
            _ => Wound::Lethal,
        }
    }

    /// How the book marks it: `*`, `X`, `/`.
    fn mark(self) -> char {
        match self {
            Wound::Aggravated => '*',
            Wound::Lethal => 'X',
            Wound::Bashing => '/',
        }
    }
}

/// The keys a fight keeps: the health track's boxes, or what they count.
#[derive(Default, Deserialize)]
#[serde(default)]
struct Kept {
    health: Option<i32>,
    stamina: Option<i32>,
    size: Option<i32>,
}

/// What the ruleset keeps of a combatant: the wounds marked, most severe first.
#[derive(Default, Serialize, Deserialize)]
#[serde(default)]
struct Own {
    #[serde(skip_serializing_if = "Vec::is_empty")]
    wounds: Vec<Wound>,
    #[serde(flatten)]
    rest: serde_json::Map<String, serde_json::Value>,
}

/// The health track's boxes: `health=`, else Stamina + Size (WoD p. 172: a grown human is
/// Size 5, and an average one Stamina 2).
fn boxes(kept: &Kept) -> i32 {
    kept.health.unwrap_or(kept.stamina.unwrap_or(2) + kept.size.unwrap_or(5))
}

impl Rules {
    /// `wounds` marked on `who`, its hit points the boxes still clear, and down as the last
    /// box says (WoD p. 173-175: all lethal, dying; all aggravated, dead).
    fn mark(who: &mut Combatant, wounds: Vec<Wound>) -> Said {
        let boxes = who.hp_max.unwrap_or(0);
        let mut own: Own = who.own();
        own.wounds = wounds;
        who.hp = Some(boxes - own.wounds.len() as i64);
        who.set_own(&own);
        let mut said = Vec::new();
        let full = own.wounds.len() as i64 >= boxes && boxes > 0;
        let word = match own.wounds.last() {
            Some(Wound::Aggravated) if full => Some("dead"),
            Some(Wound::Lethal) if full => Some("dying"),
            _ => None,
        };
        match (word, who.down.as_deref()) {
            (Some(word), down) if down != Some(word) => {
                who.down = Some(word.to_string());
                let why =
                    if word == "dead" { "every box aggravated" } else { "every box lethal or worse: bleeding out" };
                said.push(format!("{} is {word}: {why}", who.name));
            }
            (None, Some("dying" | "dead")) => who.down = None,
            _ => {}
        }
        said
    }
}

impl Fighting for Rules {
    fn moves(&self) -> Option<&Moves> {
        Some(&MOVES)
    }

    fn carries(&self, keys: &KeyValues) -> Carried {
        let kept: Kept = keys.read().unwrap_or_default();
        Carried { hp: Some(Points::Fixed(i64::from(boxes(&kept).max(1)))), own: serde_json::Map::new() }
    }

    fn damage_kinds(&self) -> &'static [&'static str] {
        &["lethal", "bashing", "aggravated"]
    }

    /// WoD p. 173-174: each point is marked in a box, the most severe at the left; once every
    /// box is marked, a point of bashing or lethal upgrades the leftmost least severe wound
    /// (bashing to lethal, then lethal to aggravated), and a point of aggravated takes the place
    /// of the least severe.
    fn damage(&self, who: &mut Combatant, amount: i64, kind: Option<&str>) -> Said {
        let kind = Wound::of(kind.unwrap_or("lethal"));
        let boxes = who.hp_max.unwrap_or(0).max(0) as usize;
        let mut wounds = who.own::<Own>().wounds;
        for _ in 0..amount.clamp(0, 1000) {
            if wounds.len() < boxes {
                wounds.push(kind);
            } else if kind == Wound::Aggravated {
                if let Some(least) = wounds.iter().rposition(|w| *w != Wound::Aggravated) {
                    wounds[least] = Wound::Aggravated;
                }
            } else if let Some(first) = wounds.iter().position(|w| *w == Wound::Bashing) {
                wounds[first] = Wound::Lethal;
            } else if let Some(first) = wounds.iter().position(|w| *w == Wound::Lethal) {
                wounds[first] = Wound::Aggravated;
            }
            wounds.sort();
        }
        Self::mark(who, wounds)
    }

    /// WoD p. 176: the least severe wound, the rightmost, heals first.
    fn heal(&self, who: &mut Combatant, amount: i64) -> Said {
        if who.down.as_deref() == Some("dead") {
            return vec![format!("{} is dead: healing does not bring it back", who.name)];
        }
        let mut wounds = who.own::<Own>().wounds;
        let keep = wounds.len().saturating_sub(amount.clamp(0, 1000) as usize);
        wounds.truncate(keep);
        Self::mark(who, wounds)
    }

    /// The track as the book marks it (`*X/····`), the wound penalty of the rightmost box
    /// marked (WoD p. 172: -1, -2, -3 for the third-to-last, second-to-last and last), and the
    /// Stamina rolls of a track full with bashing in its last box (WoD p. 175).
    fn condition(&self, who: &Combatant) -> Vec<String> {
        let boxes = who.hp_max.unwrap_or(0).max(0) as usize;
        let wounds = who.own::<Own>().wounds;
        if wounds.is_empty() {
            return Vec::new();
        }
        let track: String = wounds
            .iter()
            .map(|w| w.mark())
            .chain(std::iter::repeat_n('·', boxes.saturating_sub(wounds.len())))
            .collect();
        let mut words = vec![format!("[{track}]")];
        let penalty = wound_penalty(boxes, wounds.len());
        if penalty < 0 {
            words.push(format!("{penalty} wound penalty"));
        }
        if wounds.len() >= boxes && wounds.last() == Some(&Wound::Bashing) {
            words.push("Stamina each turn to stay conscious".into());
        }
        words
    }
}

/// The wound penalty when `marked` of `boxes` are marked: -1, -2, -3 once the third-to-last,
/// second-to-last and last box are.
pub fn wound_penalty(boxes: usize, marked: usize) -> i32 {
    let from_the_end = boxes.saturating_sub(marked);
    match from_the_end {
        0 => -3,
        1 => -2,
        2 => -1,
        _ => 0,
    }
}
