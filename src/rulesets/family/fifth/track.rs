//! The rules both 5e editions' fights share in `fray track` (seed 002, SRD 5.1 and 5.2):
//! lair actions (5e), initiative rolled once for the fight except by the speed factor, hit
//! points with temporary ones, 0 hit points as the books treat it (a monster dies, a character
//! makes death saving throws), concentration saves on damage, and the DMG's optional morale;
//! 5e2024 names the Bloodied.

use crate::cast::KeyValues;
use crate::dice::Dice;
use crate::fight::keys::{Points, numbers};
use crate::fight::rules::{Dealt, RuleInfo, Table, chance_words, plain, rolled};
use crate::fight::{Carried, Combatant, Fighting, Said, gain_hit_points, lose_hit_points};
use crate::odds::{Fallback, Method, dist_of};
use crate::prob::Prob;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

/// The rules of a 5e or 5e2024 fight.
pub struct Rules {
    /// SRD 5.2's Bloodied: half its hit points or fewer left.
    bloodied: bool,
    /// SRD 5.2: a concentration save's DC is at most 30.
    dc_cap: Option<i64>,
    /// Lair actions at initiative count 20 (SRD 5.1; SRD 5.2 has none).
    lair: bool,
    rules: &'static [RuleInfo],
}

const CONCENTRATION: RuleInfo = RuleInfo::on(
    "concentration",
    "damage to one concentrating calls for a Constitution save, DC half the damage (at least 10)",
);
const DEATH_SAVE: RuleInfo =
    RuleInfo::on("death-save", "a dying character rolls d20 at the start of each turn: 10 or more succeeds");
const MONSTER_DEATH: RuleInfo =
    RuleInfo::on("monster-death", "a monster dies at 0 hit points (off: it is dying, as a character)");
const LAIR: RuleInfo =
    RuleInfo::on("lair", "no lair action while its creature is incapacitated, or before its first turn if surprised");
const DMG_MORALE: RuleInfo = RuleInfo::optional(
    "dmg-morale",
    "DMG 2014 p. 273: a DC 10 Wisdom save or flee, at half hit points and when a group is halved unanswered",
);

pub static RULES_2014: Rules = Rules {
    bloodied: false,
    dc_cap: None,
    lair: true,
    rules: &[CONCENTRATION, DEATH_SAVE, MONSTER_DEATH, LAIR, DMG_MORALE],
};
pub static RULES_2024: Rules =
    Rules { bloodied: true, dc_cap: Some(30), lair: false, rules: &[CONCENTRATION, DEATH_SAVE, MONSTER_DEATH] };

/// The keys a fight keeps, read from either edition's combatant keys.
#[derive(Default, Deserialize)]
#[serde(default, rename_all = "kebab-case")]
struct Kept {
    hp: Option<String>,
    ac: Option<i32>,
    con: Option<i32>,
    save_con: Option<i32>,
    wis: Option<i32>,
}

/// What the ruleset keeps of a combatant: its saves' bonuses, its death saving throws, whether
/// the DMG's morale has checked it at half its hit points.
#[derive(Default, Serialize, Deserialize)]
#[serde(default, rename_all = "kebab-case")]
struct Own {
    #[serde(skip_serializing_if = "Option::is_none")]
    ac: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    con: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    save_con: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    wis: Option<i32>,
    #[serde(rename = "death_saves", skip_serializing_if = "Option::is_none")]
    death_saves: Option<DeathSaves>,
    #[serde(rename = "morale_checked", skip_serializing_if = "std::ops::Not::not")]
    morale_checked: bool,
}

/// Death saving throws made since it fell.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeathSaves {
    pub successes: u32,
    pub failures: u32,
}

/// Down at 0 hit points: dying (unconscious, making death saving throws); 3 successes leave it
/// stable, 3 failures dead.
pub const DYING: &str = "dying";
pub const STABLE: &str = "stable";

/// A fixed fallback for the chances here, which are always small enough to be exact.
const EXACT: Fallback = Fallback { seed: 0, trials: 1 };

/// The chance a d20 + `bonus` reaches `dc` (SRD: a saving throw succeeds on the DC or more; a
/// natural 20 or 1 decides nothing on a save), from a d20 rolled through the dice.
fn save_chance(bonus: i64, dc: i64) -> Prob {
    dist_of(|d: &mut dyn Dice| i64::from(d.roll(1, 20).total) + bonus >= dc, EXACT, &mut Method::exact(EXACT))
        .prob(|&s| s)
}

impl Rules {
    /// A Constitution save for concentration against `dc`, by `who`; on a failure every effect
    /// that hangs on its concentration ends.
    fn concentration_save(&self, table: &mut Table, who: &str, dc: i64) {
        let Some(c) = table.combatant(who) else { return };
        let own: Own = c.own();
        let Some(bonus) = own.save_con.or(own.con).map(i64::from) else {
            let text = format!(
                "{who} must save to keep concentration (Constitution, DC {dc}), but has no Constitution \
                 save kept: give it with 'fray track set \"{who}\" con=N' (or save-con=N), or roll it with \
                 --roll concentration=N on the damage"
            );
            table.say(who, text);
            return;
        };
        let roll = table.roll("concentration", 1, 20);
        let total = i64::from(roll.total) + bonus;
        let kept = total >= dc;
        let chance = save_chance(bonus, dc);
        let result = if kept { "keeps concentration" } else { "loses concentration" };
        let text = format!(
            "{who} saves to keep concentration: {} {bonus:+} = {total} vs DC {dc}, chance {}: {result}",
            roll.words(),
            chance_words(&chance)
        );
        table.fire(rolled("concentration", who, &roll, Value::from(dc), &chance, result, text));
        if !kept {
            end_concentration(table, who);
        }
    }

    /// DMG 2014 p. 273: a DC 10 Wisdom saving throw or it flees.
    fn morale_save(&self, table: &mut Table, who: &str, moment: &str) {
        let Some(c) = table.combatant(who) else { return };
        let Some(wis) = c.own::<Own>().wis.map(i64::from) else {
            table.say(
                who,
                format!("{who} checks morale ({moment}): give its Wisdom save with 'fray track set \"{who}\" wis=N'"),
            );
            return;
        };
        let roll = table.roll("dmg-morale", 1, 20);
        let total = i64::from(roll.total) + wis;
        let stands = total >= 10;
        let chance = save_chance(wis, 10);
        let result = if stands { "stands" } else { "flees" };
        let text = format!(
            "{who} checks morale ({moment}): Wisdom save {} {wis:+} = {total} vs DC 10, chance {}: {result}",
            roll.words(),
            chance_words(&chance)
        );
        table.fire(rolled("dmg-morale", who, &roll, Value::from(10), &chance, result, text));
        if !stands && let Some(c) = table.combatant_mut(who) {
            c.down = Some("fled".into());
        }
    }
}

/// Every effect that hangs on `who`'s concentration ends.
fn end_concentration(table: &mut Table, who: &str) {
    let mut ended = Vec::new();
    for c in table.combatants.iter_mut() {
        let before = c.effects.len();
        let name = c.name.clone();
        c.effects.retain(|e| {
            let hangs = e.concentration.as_deref() == Some(who);
            if hangs {
                ended.push(format!("{} on {name}", e.name));
            }
            !hangs
        });
        let _ = before;
    }
    if !ended.is_empty() {
        let text = format!("{who}'s concentration ends: {} ends", ended.join(", "));
        table.say(who, text);
    }
}

/// Whether `who` concentrates on something: an effect hangs on its concentration.
fn concentrating(table: &Table, who: &str) -> bool {
    table.combatants.iter().any(|c| c.effects.iter().any(|e| e.concentration.as_deref() == Some(who)))
}

impl Fighting for Rules {
    fn carries(&self, keys: &KeyValues) -> Carried {
        let kept: Kept = keys.read().unwrap_or_default();
        let own = numbers(&[("ac", kept.ac), ("con", kept.con), ("save-con", kept.save_con), ("wis", kept.wis)]);
        Carried { hp: kept.hp.and_then(|t| Points::read(&t).ok()), own }
    }

    fn temporary_hit_points(&self) -> bool {
        true
    }

    /// Temporary hit points first; hit points stop at 0 (SRD 5.1 and 5.2, Damage and
    /// Healing), where it is dying (a monster's death is a rule of its own, on_damage); damage
    /// left over at 0 that is at least the hit point maximum kills outright ("Instant Death").
    fn damage(&self, who: &mut Combatant, amount: i64, _kind: Option<&str>) -> Said {
        let before = who.hp.unwrap_or(0);
        let lost = amount - amount.min(who.temp_hp).max(0);
        let mut said = lose_hit_points(who, amount, Some(0), Some(DYING));
        let left_over = lost - before.max(0);
        if let (Some(max), true) = (who.hp_max, who.hp.is_some())
            && left_over >= max
            && who.down.as_deref() != Some("dead")
        {
            who.down = Some("dead".into());
            said.push(format!("{} is dead: {left_over} damage past 0 is at least its {max} hit points", who.name));
        }
        said
    }

    /// A dying or stable creature healed is conscious again, its death saves forgotten (SRD:
    /// Healing).
    fn heal(&self, who: &mut Combatant, amount: i64) -> Said {
        let said = gain_hit_points(who, amount);
        if who.hp.is_some_and(|hp| hp > 0) {
            let mut own: Own = who.own();
            own.death_saves = None;
            who.set_own(&own);
        }
        said
    }

    /// A dying creature keeps its turns, to make its death saving throws.
    fn keeps_turn(&self, who: &Combatant) -> bool {
        who.down.as_deref() == Some(DYING)
    }

    fn condition(&self, who: &Combatant) -> Vec<String> {
        let mut words = Vec::new();
        if self.bloodied && bloodied(who) {
            words.push("Bloodied".into());
        }
        if let (Some(DYING), Some(saves)) = (who.down.as_deref(), who.own::<Own>().death_saves) {
            words.push(format!("death saves {} ✓ {} ✗", saves.successes, saves.failures));
        }
        words
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

    /// SRD 5.1, lair actions: on initiative count 20, losing initiative ties (SRD 5.2 has none).
    fn lair(&self) -> bool {
        self.lair
    }

    fn fired_rules(&self) -> &'static [RuleInfo] {
        self.rules
    }

    /// Where a dying creature's death saves lead from the count it has: each save rolled
    /// through the dice until three successes, three failures or a natural 20.
    fn odds(&self, who: &Combatant) -> Vec<(&'static str, Prob)> {
        if who.down.as_deref() != Some(DYING) {
            return Vec::new();
        }
        let start = who.own::<Own>().death_saves.unwrap_or_default();
        let [stable, dead, wakes] = death_saves_odds(start.successes, start.failures);
        vec![("stable", stable), ("dead", dead), ("wakes", wakes)]
    }

    /// A monster at 0 hit points dies (SRD 5.2; the DMG's usual way for 5e); a creature
    /// concentrating saves against the damage (SRD: Concentration), one save for each source,
    /// even when temporary hit points took it all, and loses it at 0 hit points; a dying
    /// creature damaged fails a death save (two on a critical hit).
    fn on_damage(&self, table: &mut Table, who: &str, dealt: &Dealt) {
        let Some(c) = table.combatant(who) else { return };
        let (pc, down, hp, max) = (c.pc, c.down.clone(), c.hp.unwrap_or(0), c.hp_max.unwrap_or(0));
        let fell_now = down.as_deref() == Some(DYING) && dealt.lost > 0 && hp == 0 && hp + dealt.lost > 0;
        if !pc && fell_now && table.applies(&MONSTER_DEATH) {
            if let Some(c) = table.combatant_mut(who) {
                c.down = Some("dead".into());
            }
            let text = format!("{who} drops to 0 hit points: a monster dies");
            table.fire(plain("monster-death", who, "dies", text));
        }
        let was_dying = down.as_deref() == Some(DYING) && !fell_now;
        if was_dying && dealt.amount > 0 && table.applies(&DEATH_SAVE) {
            let failures = if dealt.critical { 2 } else { 1 };
            fail_death_saves(table, who, failures, "damage at 0 hit points");
        }
        if concentrating(table, who) && table.applies(&CONCENTRATION) && dealt.amount > 0 {
            let down_now = table.combatant(who).is_some_and(|c| c.down.is_some());
            if down_now {
                let text = format!("{who} drops to 0 hit points: concentration ends");
                table.fire(plain("concentration", who, "loses concentration", text));
                end_concentration(table, who);
            } else {
                // SRD 5.1: DC 10 or half the damage taken, whichever is higher; SRD 5.2: at most 30.
                let dc = (dealt.amount / 2).max(10);
                let dc = self.dc_cap.map_or(dc, |cap| dc.min(cap));
                self.concentration_save(table, who, dc);
            }
        }
        if table.applies(&DMG_MORALE) && !pc && down.is_none() && hp > 0 && hp * 2 <= max {
            let checked = table.combatant(who).is_some_and(|c| c.own::<Own>().morale_checked);
            if !checked {
                if let Some(c) = table.combatant_mut(who) {
                    let mut own: Own = c.own();
                    own.morale_checked = true;
                    c.set_own(&own);
                }
                self.morale_save(table, who, "half its hit points, for the first time");
            }
        }
    }

    /// SRD: a creature that starts its turn at 0 hit points makes a death saving throw, a d20
    /// with no modifier: 10 or more succeeds, a 1 is two failures, a 20 brings it back with 1
    /// hit point; three successes make it stable, three failures kill it.
    fn on_turn_start(&self, table: &mut Table, who: &str) {
        let Some(c) = table.combatant(who) else { return };
        if c.down.as_deref() != Some(DYING) || !table.applies(&DEATH_SAVE) {
            return;
        }
        let roll = table.roll("death-save", 1, 20);
        let chance = save_chance(0, 10);
        let (result, text_result) = match roll.total {
            20 => {
                if let Some(c) = table.combatant_mut(who) {
                    c.hp = Some(1);
                    c.down = None;
                    let mut own: Own = c.own();
                    own.death_saves = None;
                    c.set_own(&own);
                }
                ("wakes with 1 hit point", "a natural 20: wakes with 1 hit point".to_string())
            }
            1 => {
                let now = fail_death_saves_quietly(table, who, 2);
                ("two failures", format!("a natural 1: two failures ({now})"))
            }
            t if t >= 10 => {
                let now = succeed_death_save(table, who);
                ("success", format!("success ({now})"))
            }
            _ => {
                let now = fail_death_saves_quietly(table, who, 1);
                ("failure", format!("failure ({now})"))
            }
        };
        let text = format!(
            "{who} makes a death saving throw: {} vs 10, chance {}: {text_result}",
            roll.words(),
            chance_words(&chance)
        );
        table.fire(rolled("death-save", who, &roll, json!(10), &chance, result, text));
    }

    /// SRD 5.1, Lair Actions: none while the creature is incapacitated (down), none before its
    /// first turn if it was surprised (it has taken no turn yet).
    fn lair_acts(&self, table: &mut Table, owner: &str, surprised: bool) -> bool {
        if !table.applies(&LAIR) {
            return true;
        }
        let Some(c) = table.combatant(owner) else { return true };
        let why = match (&c.down, c.first_turn) {
            (Some(down), _) => format!("{owner} is {down}"),
            (None, None) if surprised => format!("{owner} was surprised and has taken no turn yet"),
            _ => return true,
        };
        let text = format!("no lair action: {why}");
        table.fire(plain("lair", owner, "no lair action", text));
        false
    }

    /// DMG 2014 p. 273: a group halved with no losses on the other side checks morale, each
    /// still standing on it.
    fn after_change(&self, table: &mut Table) {
        if !table.applies(&DMG_MORALE) {
            return;
        }
        let sides: Vec<String> = table.sides.to_vec();
        for (i, side) in sides.iter().enumerate().skip(1) {
            let members: Vec<(String, bool)> = table
                .combatants
                .iter()
                .filter(|c| &c.side == side)
                .map(|c| (c.name.clone(), c.down.is_some()))
                .collect();
            let started = record_count(table, side, members.len());
            let out = members.iter().filter(|(_, down)| *down).count();
            let others_lost = table.combatants.iter().any(|c| c.side != *side && c.down.is_some());
            let key = format!("halved {side}");
            let checked = table.record.get(&key).is_some();
            if started >= 2 && out * 2 >= started && !others_lost && !checked {
                table.record.insert(key, Value::Bool(true));
                for (name, down) in &members {
                    if !down {
                        self.morale_save(table, name, &format!("{side} halved, the other side unhurt"));
                    }
                }
            }
            let _ = i;
        }
    }
}

/// How many a side started with, kept in the fight's record.
fn record_count(table: &mut Table, side: &str, now: usize) -> usize {
    let key = format!("started {side}");
    let started = table.record.get(&key).and_then(Value::as_u64).map_or(now, |n| (n as usize).max(now));
    table.record.insert(key, Value::from(started as u64));
    started
}

/// `who`'s death saves after `f`, and whether they make it stable or dead.
fn death_saves(table: &mut Table, who: &str, f: impl FnOnce(&mut DeathSaves)) -> String {
    let Some(c) = table.combatant_mut(who) else { return String::new() };
    let mut own: Own = c.own();
    let mut saves = own.death_saves.unwrap_or_default();
    f(&mut saves);
    let words = format!("{} ✓ {} ✗", saves.successes.min(3), saves.failures.min(3));
    if saves.failures >= 3 {
        c.down = Some("dead".into());
        own.death_saves = None;
        c.set_own(&own);
        return format!("{words}: dead");
    }
    if saves.successes >= 3 {
        c.down = Some(STABLE.into());
        own.death_saves = None;
        c.set_own(&own);
        return format!("{words}: stable");
    }
    own.death_saves = Some(saves);
    c.set_own(&own);
    words
}

fn succeed_death_save(table: &mut Table, who: &str) -> String {
    death_saves(table, who, |s| s.successes += 1)
}

fn fail_death_saves_quietly(table: &mut Table, who: &str, n: u32) -> String {
    death_saves(table, who, |s| s.failures += n)
}

/// SRD: damage at 0 hit points is a failed death save, two on a critical hit.
fn fail_death_saves(table: &mut Table, who: &str, n: u32, why: &str) {
    let now = fail_death_saves_quietly(table, who, n);
    let plural = if n == 1 { "a death save failed" } else { "two death saves failed" };
    let result = if n == 1 { "failure" } else { "two failures" };
    table.fire(plain("death-save", who, result, format!("{who} takes {why}: {plural} ({now})")));
}

/// The exact chances that death saves from `successes` and `failures` end stable, dead or
/// awake (SRD: each d20, 10-19 a success, 2-9 a failure, 1 two failures, 20 awake; three of
/// either ends them): at most five saves, each of four kinds of face.
pub fn death_saves_odds(successes: u32, failures: u32) -> [Prob; 3] {
    if failures >= 3 {
        return [Prob::zero(), Prob::one(), Prob::zero()];
    }
    if successes >= 3 {
        return [Prob::one(), Prob::zero(), Prob::zero()];
    }
    let twentieth = |n: u128| Prob::new(n, 20);
    let mut odds = [Prob::zero(), Prob::zero(), twentieth(1)];
    for (next, weight) in
        [((successes + 1, failures), 10), ((successes, failures + 1), 8), ((successes, failures + 2), 1)]
    {
        let after = death_saves_odds(next.0, next.1);
        for (k, p) in after.iter().enumerate() {
            odds[k] = odds[k].add(&p.mul(&twentieth(weight)));
        }
    }
    odds
}

/// SRD 5.2, Bloodied: half its hit points or fewer left (and still up).
fn bloodied(who: &Combatant) -> bool {
    matches!((who.hp, who.hp_max), (Some(hp), Some(max)) if hp > 0 && hp * 2 <= max)
}
