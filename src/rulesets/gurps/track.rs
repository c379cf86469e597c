//! The rules of a gurps fight kept by `fray track` (seed 001): the order by Basic Speed holds
//! for the fight, and a surprised combatant rolls IQ at the start of each turn to recover.

use super::recovery::{Shock, recover};
use super::success::{succeeds, success_chance};
use crate::cast::KeyValues;
use crate::dice::Dice;
use crate::fight::keys::{Points, numbers};
use crate::fight::rules::{Dealt, Rolled, RuleInfo, Table, chance_words, plain, rolled};
use crate::fight::{
    Carried, Combatant, Effect, Fighting, Recovery, RecoveryCheck, Said, Until, lose_hit_points, roll_words,
};
use crate::odds::{Fallback, Method};
use crate::prob::Prob;
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

const SHOCK: RuleInfo = RuleInfo::on("shock", "B419: -1 per HP of injury to DX and IQ (at most -4) on the next turn");
const KNOCKDOWN: RuleInfo =
    RuleInfo::on("knockdown", "B420: a major wound (more than HP/2 at once) calls for HT: failed, down and stunned");
const STUN_RECOVERY: RuleInfo =
    RuleInfo::on("stun-recovery", "B420: a stunned combatant rolls HT at the end of each turn");
const CONSCIOUSNESS: RuleInfo = RuleInfo::on(
    "consciousness",
    "B419: at 0 HP or less, HT at the start of each turn (-1 per full -HP) or unconscious",
);
const DEATH_CHECK: RuleInfo = RuleInfo::on("death-check", "B423: at -1 x HP and each multiple after, HT or die");

static RULES_FIRED: &[RuleInfo] = &[SHOCK, KNOCKDOWN, STUN_RECOVERY, CONSCIOUSNESS, DEATH_CHECK];

/// The name of the effect a failed knockdown roll leaves, which HT rolls end.
const STUNNED: &str = "Stunned";

/// A fixed fallback for the chances here, which are always small enough to be exact.
const EXACT: Fallback = Fallback { seed: 0, trials: 1 };

/// B419: shock, -1 to DX and IQ per HP of injury (per HP/10 with 20 HP or more), at most -4,
/// on the victim's next turn only: kept as an effect that ends with that turn, added to one
/// still standing.
fn shock(table: &mut Table, who: &str, injury: i64, max: i64, last_turn: Option<u32>) {
    let per = if max >= 20 { max / 10 } else { 1 };
    let round = table.round;
    let Some(c) = table.combatant_mut(who) else { return };
    let before = c.effects.iter().find_map(|e| e.name.strip_prefix("Shock -")?.parse::<i64>().ok()).unwrap_or(0);
    let penalty = (before + injury / per).min(4);
    if penalty == 0 {
        return;
    }
    // Its next turn: this round's, unless it has had it.
    let ends_round = if last_turn == Some(round) { round + 1 } else { round };
    c.effects.retain(|e| !e.name.starts_with("Shock -"));
    let name = format!("Shock -{penalty}");
    c.effects.push(Effect {
        name: name.clone(),
        ends_round: Some(ends_round),
        until: Until::End,
        of: who.into(),
        concentration: None,
    });
    let text = format!("{who} is in shock: -{penalty} to DX and IQ on its next turn");
    table.fire(plain("shock", who, format!("-{penalty} DX and IQ"), text));
}

/// The full multiples of HP `hp` is below 0: 0 above -HP, 1 at -HP, 2 at -2 x HP...
fn multiples_below(hp: i64, max: i64) -> i64 {
    if hp > -max || max <= 0 { 0 } else { -hp / max }
}

/// The chance of a success roll against `target`, as the success roll itself gives it.
fn chance_of(target: i32) -> Prob {
    success_chance(target, EXACT, &mut Method::exact(EXACT))
}

/// B348: a critical failure: 18; 17 unless the target is 16 or more; 10 or more over it.
fn critical_failure(total: u32, target: i32) -> bool {
    total == 18 || (total == 17 && target <= 15) || total as i32 >= target + 10
}

/// An HT roll: the roll, its target (HT and a modifier), whether it succeeded, by how much it
/// missed, and whether the miss was critical.
struct HtRoll {
    rolled: Rolled,
    ht: i32,
    modifier: i32,
    success: bool,
    missed_by: i32,
    critical: bool,
}

impl HtRoll {
    fn target(&self) -> i32 {
        self.ht + self.modifier
    }

    /// `3d6 (4+5+6) = 15 vs HT 10 -1 = 9, chance 37/216 (17.13%)`.
    fn words(&self) -> String {
        let vs = if self.modifier == 0 {
            format!("HT {}", self.ht)
        } else {
            format!("HT {} {:+} = {}", self.ht, self.modifier, self.target())
        };
        format!("{} vs {vs}, chance {}", self.rolled.words(), chance_words(&chance_of(self.target())))
    }

    /// The rule fired by this roll, coming to `result`, said as `text` after its words.
    fn fired(&self, rule: &'static str, who: &str, result: &str, text: String) -> crate::fight::rules::Fired {
        rolled(rule, who, &self.rolled, serde_json::Value::from(self.target()), &chance_of(self.target()), result, text)
    }
}

/// An HT roll of `who` for `rule`, at `modifier` (the referee's roll where one was given).
fn ht_roll(table: &mut Table, rule: &'static str, who: &str, modifier: i32) -> HtRoll {
    let ht = table.combatant(who).map_or(10, |c| c.own::<Own>().ht.unwrap_or(10));
    let target = ht + modifier;
    let rolled = table.roll(rule, 3, 6);
    let success = succeeds(rolled.total, target);
    HtRoll {
        rolled,
        ht,
        modifier,
        success,
        missed_by: rolled.total as i32 - target,
        critical: critical_failure(rolled.total, target),
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
        if let (Some(hp), Some(max)) = (who.hp, who.hp_max)
            && hp <= -5 * max
            && who.down.as_deref() != Some("dead")
        {
            who.down = Some("dead".into());
            said.push(format!("{} is dead: {hp} HP is -5 x HP or less (B423)", who.name));
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

    fn fired_rules(&self) -> &'static [RuleInfo] {
        RULES_FIRED
    }

    /// What injury sets off (B419-B423): shock on the next turn; a major wound's knockdown
    /// roll; at -1 x HP and each multiple after, a roll to stay alive.
    fn on_damage(&self, table: &mut Table, who: &str, dealt: &Dealt) {
        let Some(c) = table.combatant(who) else { return };
        let (hp, max, down, last_turn) = (c.hp.unwrap_or(0), c.hp_max.unwrap_or(0), c.down.clone(), c.last_turn);
        let injury = dealt.lost;
        if injury <= 0 || max <= 0 || down.as_deref() == Some("dead") {
            return;
        }
        if table.applies(&SHOCK) {
            shock(table, who, injury, max, last_turn);
        }
        // B420: a single injury of more than half the HP is a major wound.
        if injury * 2 > max && table.applies(&KNOCKDOWN) && down.is_none() {
            let roll = ht_roll(table, "knockdown", who, 0);
            let result = match (roll.success, roll.missed_by >= 5 || roll.critical) {
                (true, _) => "stays up",
                (false, false) => "knocked down and stunned",
                (false, true) => "unconscious",
            };
            let text = format!("{who} takes a major wound ({injury} > HP {max}/2): {}: {result}", roll.words());
            table.fire(roll.fired("knockdown", who, result, text));
            if let Some(c) = table.combatant_mut(who) {
                match result {
                    "knocked down and stunned" => {
                        for effect in ["Prone", STUNNED] {
                            c.effects.retain(|e| e.name != effect);
                            c.effects.push(Effect {
                                name: effect.into(),
                                ends_round: None,
                                until: Until::End,
                                of: who.into(),
                                concentration: None,
                            });
                        }
                    }
                    "unconscious" => c.down = Some("unconscious".into()),
                    _ => {}
                }
            }
        }
        // B423: at -1 x HP, and again at each multiple of HP below that, HT or die.
        let before = hp + injury;
        let crossed = (multiples_below(hp, max) - multiples_below(before, max)).max(0);
        if crossed > 0 && table.applies(&DEATH_CHECK) {
            for _ in 0..crossed.min(4) {
                if table.combatant(who).is_some_and(|c| matches!(c.down.as_deref(), Some("dead"))) {
                    break;
                }
                let roll = ht_roll(table, "death-check", who, 0);
                let result = match (roll.success, roll.missed_by <= 2 && !roll.critical) {
                    (true, _) => "alive",
                    (false, true) => "mortally wounded",
                    (false, false) => "dead",
                };
                let text =
                    format!("{who} is at {hp} HP, past -{} x HP: {}: {result}", multiples_below(hp, max), roll.words());
                table.fire(roll.fired("death-check", who, result, text));
                if result != "alive"
                    && let Some(c) = table.combatant_mut(who)
                {
                    c.down = Some(result.into());
                }
            }
        }
    }

    /// B419: at the start of its turn at 0 HP or less, HT to stay conscious, -1 for each full
    /// multiple of HP below 0.
    fn on_turn_start(&self, table: &mut Table, who: &str) {
        let Some(c) = table.combatant(who) else { return };
        let (hp, max) = (c.hp.unwrap_or(1), c.hp_max.unwrap_or(0));
        if hp > 0 || max <= 0 || c.down.is_some() || !table.applies(&CONSCIOUSNESS) {
            return;
        }
        let modifier = -(multiples_below(hp, max) as i32);
        let roll = ht_roll(table, "consciousness", who, modifier);
        let result = if roll.success { "stays conscious" } else { "falls unconscious" };
        let text = format!("{who} is at {hp} HP: {}: {result}", roll.words());
        table.fire(roll.fired("consciousness", who, result, text));
        if !roll.success
            && let Some(c) = table.combatant_mut(who)
        {
            c.down = Some("unconscious".into());
        }
    }

    /// B420: a stunned combatant rolls HT at the end of each of its turns; a success ends it.
    fn on_turn_end(&self, table: &mut Table, who: &str) {
        let stunned =
            table.combatant(who).is_some_and(|c| c.down.is_none() && c.effects.iter().any(|e| e.name == STUNNED));
        if !stunned || !table.applies(&STUN_RECOVERY) {
            return;
        }
        let roll = ht_roll(table, "stun-recovery", who, 0);
        let result = if roll.success { "recovers" } else { "still stunned" };
        let text = format!("{who} rolls to recover from the stun: {}: {result}", roll.words());
        table.fire(roll.fired("stun-recovery", who, result, text));
        if roll.success
            && let Some(c) = table.combatant_mut(who)
        {
            c.effects.retain(|e| e.name != STUNNED);
        }
    }

    fn recovery_words(&self, stun: &Recovery) -> String {
        Stun::of(stun).map_or_else(|| "IQ".into(), |s| format!("IQ {}", s.iq))
    }
}
