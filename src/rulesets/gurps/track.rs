//! The rules of a gurps fight kept by `fray track` (seed 001): the order by Basic Speed holds
//! for the fight, and a surprised combatant rolls IQ at the start of each turn to recover.

use super::recovery::{Shock, recover};
use crate::cast::KeyValues;
use crate::dice::Dice;
use crate::fight::keys::{Points, numbers};
use crate::fight::{Carried, Combatant, Fighting, Recovery, RecoveryCheck, Said, lose_hit_points, roll_words};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// The keys a fight keeps: Hit Points, HT and Damage Resistance.
#[derive(Default, Deserialize)]
#[serde(default)]
struct Kept {
    hp: Option<String>,
    ht: Option<i32>,
    dr: Option<i32>,
}

/// What the ruleset keeps of a combatant: its HT (10 unless given) and DR.
#[derive(Default, Deserialize)]
#[serde(default)]
struct Own {
    ht: Option<i32>,
    dr: Option<i32>,
}

pub struct Rules;

pub static RULES: Rules = Rules;

/// What a stunned combatant's recovery rolls need: its IQ, Combat Reflexes and how it was
/// caught, kept by the tracker as the ruleset's own fields of the stun.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Stun {
    pub iq: i32,
    pub cr: bool,
    pub shock: Shock,
}

impl Stun {
    /// As the tracker keeps it.
    pub fn kept(&self) -> Map<String, Value> {
        match serde_json::to_value(self) {
            Ok(Value::Object(fields)) => fields,
            _ => Map::new(),
        }
    }

    /// Read back from what the tracker kept (a fight file may be damaged: `None` then).
    fn of(stun: &Recovery) -> Option<Stun> {
        serde_json::from_value(Value::Object(stun.own.clone())).ok()
    }
}

impl Fighting for Rules {
    fn carries(&self, keys: &KeyValues) -> Carried {
        let kept: Kept = keys.read().unwrap_or_default();
        let hp = kept.hp.and_then(|t| Points::read(&t).ok());
        // B419-B423: HT decides the rolls injury calls for; 10 where it is not given.
        let ht = kept.ht.or(hp.as_ref().map(|_| 10));
        Carried { hp, own: numbers(&[("ht", ht), ("dr", kept.dr)]) }
    }

    /// B379: Damage Resistance comes off the blow's damage; what penetrates is injury, taken
    /// off Hit Points with no floor; B423: at -5 x HP the combatant dies.
    fn damage(&self, who: &mut Combatant, amount: i64, _kind: Option<&str>) -> Said {
        let own: Own = who.own();
        let dr = i64::from(own.dr.unwrap_or(0));
        let injury = (amount - dr).max(0);
        let mut said = Vec::new();
        if dr > 0 {
            said.push(format!("{} takes {amount} - DR {dr} = {injury} injury", who.name));
        }
        // Reaching 0 is not being down in GURPS: the HT rolls decide (B419).
        said.extend(lose_hit_points(who, injury, None, None));
        if let (Some(hp), Some(max)) = (who.hp, who.hp_max) {
            if hp <= -5 * max && who.down.as_deref() != Some("dead") {
                who.down = Some("dead".into());
                said.push(format!("{} is dead: {hp} HP is -5 x HP or less (B423)", who.name));
            }
        }
        said
    }

    /// B419: below 1/3 HP, Move and Dodge are halved; at 0 HP or less, a HT roll each turn to
    /// stay conscious; at -1 x HP and each multiple after, a HT roll to stay alive.
    fn condition(&self, who: &Combatant) -> Vec<String> {
        let (Some(hp), Some(max)) = (who.hp, who.hp_max) else { return Vec::new() };
        if who.down.is_some() {
            return Vec::new();
        }
        let mut words = Vec::new();
        if hp * 3 < max {
            words.push("reeling: Move and Dodge halved".to_string());
        }
        if hp <= 0 {
            words.push("HT each turn to stay conscious".to_string());
        }
        if hp <= -max {
            words.push("HT to stay alive at each -HP".to_string());
        }
        words
    }

    /// seed 001: the IQ roll at the start of the stunned combatant's `turn`, +1 a turn after
    /// the first under partial surprise, +6 with Combat Reflexes; a success still Does Nothing
    /// this turn and acts from the next.
    fn recovery(&self, stun: &Recovery, turn: u32, dice: &mut dyn Dice) -> Option<RecoveryCheck> {
        let Stun { iq, cr, shock } = Stun::of(stun)?;
        let (rolls, acts_from) = recover(iq, cr, shock, turn, turn, dice);
        let roll = rolls.into_iter().next()?;
        let check = &roll.check;
        let bonuses: Vec<String> = roll.modifiers.iter().map(|m| format!("{:+} {}", m.value, m.source)).collect();
        let bonuses = if bonuses.is_empty() { String::new() } else { format!(" ({})", bonuses.join(", ")) };
        let verdict = if check.success { "succeeds" } else { "fails" };
        let words =
            format!("{} = {} vs IQ {}{bonuses}, {verdict}", roll_words(&check.roll), check.roll.total, check.target);
        let record = serde_json::to_value(&roll).unwrap_or(Value::Null);
        Some(RecoveryCheck { words, record, success: acts_from.is_some() })
    }

    fn recovery_words(&self, stun: &Recovery) -> String {
        Stun::of(stun).map_or_else(|| "IQ".into(), |s| format!("IQ {}", s.iq))
    }
}
