//! The rules of an ose or bx fight kept by `fray track` (seed 000, OSE SRD): sides roll
//! initiative every round, a combatant at 0 hit points is dead, and a side of monsters checks
//! its morale when its first falls and when half of it is out of the fight.

use super::morale::{MoraleVerdict, NEVER_CHECKS, NEVER_FIGHTS, SUCCESSES_TO_THE_END, Subject};
use crate::cast::KeyValues;
use crate::fight::keys::{Points, numbers};
use crate::fight::rules::{RuleInfo, Table, chance_words, plain, rolled};
use crate::fight::{Carried, Fighting};
use crate::odds::{Fallback, Method, dist_of};
use crate::outcome::Modifier;
use serde::{Deserialize, Serialize};
use serde_json::Value;

pub struct Rules;

pub static RULES: Rules = Rules;

/// The keys a fight keeps, read from any edition's combatant keys (and its side's `ml`).
#[derive(Default, Deserialize)]
#[serde(default)]
struct Kept {
    hp: Option<String>,
    ac: Option<i32>,
    ml: Option<i32>,
}

/// What the ruleset keeps of a combatant.
#[derive(Default, Deserialize)]
#[serde(default)]
struct Own {
    ml: Option<i32>,
}

/// A side's morale in a fight: how many it started with, the moments already checked, the
/// checks passed.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
struct Morale {
    started: usize,
    first_death: bool,
    half_out: bool,
    passed: u32,
}

static RULES_FIRED: &[RuleInfo] = &[RuleInfo::on(
    "morale",
    "a side of monsters checks 2d6 against its ML when its first falls and when half of it is out",
)];

impl Fighting for Rules {
    fn carries(&self, keys: &KeyValues) -> Carried {
        let kept: Kept = keys.read().unwrap_or_default();
        Carried { hp: kept.hp.and_then(|t| Points::read(&t).ok()), own: numbers(&[("ac", kept.ac), ("ml", kept.ml)]) }
    }

    // The default damage: OSE SRD, Combat ("Death"): a character or monster reduced to 0 hit
    // points or less is dead.

    /// seed 000: every side rolls initiative anew at the start of each round after the first.
    fn rerolls(&self, round: u32, _variant: Option<&str>) -> bool {
        round > 1
    }

    fn fired_rules(&self) -> &'static [RuleInfo] {
        RULES_FIRED
    }

    /// OSE SRD, Morale: the triggers count a group's dead, so a lone monster has none.
    fn on_start(&self, table: &mut Table) {
        if !table.applies(&RULES_FIRED[0]) {
            return;
        }
        let sides: Vec<String> = table.sides.iter().skip(1).cloned().collect();
        for side in &sides {
            let members: Vec<String> =
                table.combatants.iter().filter(|c| &c.side == side).map(|c| c.name.clone()).collect();
            if let [one] = &members[..] {
                let text = format!(
                    "{one} fights alone: the morale checks come when the first of a group falls and when half \
                     are out, so none comes for it ('fray track morale {one}' checks by hand)"
                );
                table.say(one, text);
            }
        }
    }

    /// OSE SRD, Morale: monsters check when the first of their side is killed, and when half of
    /// them (as many as started) are killed or out of the fight; a side that fails flees or
    /// surrenders. The first side is the players'.
    fn after_change(&self, table: &mut Table) {
        if !table.applies(&RULES_FIRED[0]) {
            return;
        }
        let sides: Vec<String> = table.sides.iter().skip(1).cloned().collect();
        for side in sides {
            let on_side = |t: &Table| -> Vec<(String, Option<String>)> {
                t.combatants.iter().filter(|c| c.side == side).map(|c| (c.name.clone(), c.down.clone())).collect()
            };
            let members = on_side(table);
            let mut morale: Morale = record_of(table, &side);
            morale.started = morale.started.max(members.len());
            if morale.started < 2 {
                store(table, &side, &morale);
                continue;
            }
            let dead = members.iter().filter(|(_, down)| down.as_deref() == Some("dead")).count();
            let out = members.iter().filter(|(_, down)| down.is_some()).count();
            let first = !morale.first_death && dead > 0;
            let half = !morale.half_out && out * 2 >= morale.started;
            let standing: Vec<String> = members.iter().filter(|(_, d)| d.is_none()).map(|(n, _)| n.clone()).collect();
            if (first || half) && !standing.is_empty() {
                let moment = match (first, half) {
                    (true, true) => "its first has fallen, and half of it is out",
                    (true, false) => "its first has fallen",
                    _ => "half of it is out of the fight",
                };
                morale.passed = check(table, &side, &standing, morale.passed, 0, moment);
            }
            morale.first_death |= first;
            morale.half_out |= half;
            store(table, &side, &morale);
        }
    }

    /// A check by hand: each side of those named checks once, with `modifier`.
    fn check_morale(&self, table: &mut Table, who: &[String], modifier: i32) -> Option<()> {
        let mut sides: Vec<String> = Vec::new();
        for name in who {
            if let Some(c) = table.combatant(name)
                && !sides.contains(&c.side)
            {
                sides.push(c.side.clone());
            }
        }
        for side in sides {
            let standing: Vec<String> = table
                .combatants
                .iter()
                .filter(|c| c.side == side && c.down.is_none() && who.contains(&c.name))
                .map(|c| c.name.clone())
                .collect();
            let mut morale: Morale = record_of(table, &side);
            morale.passed = check(table, &side, &standing, morale.passed, modifier, "checked by hand");
            store(table, &side, &morale);
        }
        Some(())
    }
}

fn record_of(table: &Table, side: &str) -> Morale {
    let kept = table.record.get("morale").and_then(|m| m.get(side)).cloned();
    kept.and_then(|v| serde_json::from_value(v).ok()).unwrap_or_default()
}

fn store(table: &mut Table, side: &str, morale: &Morale) {
    let all = table.record.entry("morale").or_insert_with(|| Value::Object(Default::default()));
    if let (Some(all), Ok(value)) = (all.as_object_mut(), serde_json::to_value(morale)) {
        all.insert(side.to_string(), value);
    }
}

/// One morale check of `standing` (of `side`), as the `morale` command makes it (OSE SRD,
/// Morale): their ML, adjusted by `modifier` (not at ML 2 or 12), 2d6 against it; returns the
/// checks passed after it.
fn check(table: &mut Table, side: &str, standing: &[String], passed: u32, modifier: i32, moment: &str) -> u32 {
    let mls: Vec<i32> = standing.iter().filter_map(|n| table.combatant(n)?.own::<Own>().ml).collect();
    let Some(&ml) = mls.iter().min() else {
        let first = standing.first().map_or(side, String::as_str);
        let text = format!(
            "{side}: a morale check is due ({moment}), but no ML is kept: give it with 'fray track set \"{first}\" \
             ml=N', then 'fray track morale \"{first}\"'"
        );
        table.say(first, text);
        return passed;
    };
    // OSE SRD, Morale: a group checks as one; fray holds it against its lowest score.
    let adjustments = if modifier == 0 { Vec::new() } else { vec![Modifier::new(modifier, "situation")] };
    let subject = Subject { name: side.to_string(), count: standing.len() as u32, ml, adjustments, passed };
    let morale = subject.morale();
    let verdict = match () {
        _ if ml == NEVER_FIGHTS => MoraleVerdict::WillNotFight,
        _ if ml == NEVER_CHECKS || passed >= SUCCESSES_TO_THE_END => MoraleVerdict::FightsToTheEnd,
        _ => {
            let roll = table.roll("morale", 2, 6);
            let verdict = if roll.total as i32 > morale { MoraleVerdict::Flees } else { MoraleVerdict::Fights };
            let fallback = Fallback { seed: 0, trials: 1 };
            let chance =
                dist_of(|d| subject.check(d).result, fallback, &mut Method::exact(fallback)).prob(|v| !v.breaks());
            let text = format!(
                "morale of {side} ({moment}): {} vs ML {morale}, chance to stand {}: {}",
                roll.words(),
                chance_words(&chance),
                verdict.words()
            );
            table.fire(rolled("morale", side, &roll, Value::from(morale), &chance, verdict.words(), text));
            verdict
        }
    };
    if matches!(verdict, MoraleVerdict::WillNotFight | MoraleVerdict::FightsToTheEnd) {
        let text = format!("morale of {side} ({moment}): ML {ml}: {}", verdict.words());
        table.fire(plain("morale", side, verdict.words(), text));
    }
    if verdict.breaks() {
        for name in standing {
            if let Some(c) = table.combatant_mut(name) {
                c.down = Some("fled".into());
            }
        }
    }
    passed + u32::from(verdict == MoraleVerdict::Fights)
}
