//! The rules both 5e editions' fights share in `fray track` (seed 002, SRD 5.1 and 5.2):
//! lair actions, initiative rolled once for the fight except by the speed factor, hit points
//! with temporary ones, and 0 hit points as the books treat it; 5e2024 names the Bloodied.

use crate::cast::KeyValues;
use crate::fight::keys::{Points, numbers};
use crate::fight::{Carried, Combatant, Fighting, Said, gain_hit_points, lose_hit_points};
use serde::Deserialize;

/// The rules of a 5e or 5e2024 fight.
pub struct Rules {
    /// SRD 5.2's Bloodied: half its hit points or fewer left.
    bloodied: bool,
}

pub static RULES_2014: Rules = Rules { bloodied: false };
pub static RULES_2024: Rules = Rules { bloodied: true };

/// The keys a fight keeps, read from either edition's combatant keys.
#[derive(Default, Deserialize)]
#[serde(default, rename_all = "kebab-case")]
struct Kept {
    hp: Option<String>,
    ac: Option<i32>,
    con: Option<i32>,
    save_con: Option<i32>,
}

/// Down at 0 hit points: a character is dying (unconscious, making death saving throws), a
/// monster dies (SRD 5.2 "Monsters and Death"; 5e, the DMG's usual way).
pub const DYING: &str = "dying";

impl Fighting for Rules {
    fn carries(&self, keys: &KeyValues) -> Carried {
        let kept: Kept = keys.read().unwrap_or_default();
        let own = numbers(&[("ac", kept.ac), ("con", kept.con), ("save-con", kept.save_con)]);
        Carried { hp: kept.hp.and_then(|t| Points::read(&t).ok()), own }
    }

    fn temporary_hit_points(&self) -> bool {
        true
    }

    /// Temporary hit points first; hit points stop at 0 (SRD 5.1 and 5.2, Damage and
    /// Healing), where a character is dying and a monster dead; damage left over at 0 that is
    /// at least the hit point maximum kills outright ("Instant Death").
    fn damage(&self, who: &mut Combatant, amount: i64, _kind: Option<&str>) -> Said {
        let before = who.hp.unwrap_or(0);
        let lost = amount - amount.min(who.temp_hp).max(0);
        let word = if who.pc { DYING } else { "dead" };
        let was_down = who.down.is_some();
        let mut said = lose_hit_points(who, amount, Some(0), Some(word));
        let left_over = lost - before.max(0);
        if let (Some(max), true) = (who.hp_max, who.hp.is_some()) {
            if left_over >= max && who.down.as_deref() != Some("dead") {
                who.down = Some("dead".into());
                said.push(format!("{} is dead: {left_over} damage past 0 is at least its {max} hit points", who.name));
            }
        }
        if was_down && who.down.as_deref() == Some(DYING) && lost > 0 {
            said.push(format!("{} takes damage at 0 hit points: a death saving throw failed", who.name));
        }
        said
    }

    /// A dying character healed is conscious again (SRD: Healing).
    fn heal(&self, who: &mut Combatant, amount: i64) -> Said {
        gain_hit_points(who, amount)
    }

    /// A dying character keeps its turns, to make its death saving throws.
    fn keeps_turn(&self, who: &Combatant) -> bool {
        who.down.as_deref() == Some(DYING)
    }

    fn condition(&self, who: &Combatant) -> Vec<String> {
        if self.bloodied && bloodied(who) { vec!["Bloodied".into()] } else { Vec::new() }
    }

    fn players_words(&self, who: &Combatant) -> String {
        match (self.bloodied, bloodied(who)) {
            (true, true) => "Bloodied".into(),
            (true, false) if who.down.is_none() && who.hp.is_some() => "not Bloodied".into(),
            _ => crate::fight::players_words(who),
        }
    }

    /// seed 002: the speed factor is rolled every round, each combatant with the action it
    /// declares; standard, score and side initiative are rolled once for the fight.
    fn rerolls(&self, round: u32, variant: Option<&str>) -> bool {
        round > 1 && variant == Some("speed")
    }

    /// SRD 5.1 and SRD 5.2, lair actions: on initiative count 20, losing initiative ties.
    fn lair(&self) -> bool {
        true
    }
}

/// SRD 5.2, Bloodied: half its hit points or fewer left (and still up).
fn bloodied(who: &Combatant) -> bool {
    matches!((who.hp, who.hp_max), (Some(hp), Some(max)) if hp > 0 && hp * 2 <= max)
}
