//! The rules of a wod (and cofd) fight kept by `fray track` (seed 003): initiative holds for
//! the fight, and delayed, readied and held actions.

use super::fight::DEX_COMPOSURE;
use super::pool::PoolDice;
use crate::cast::KeyValues;
use crate::dice::Dice;
use crate::fight::keys::Points;
use crate::fight::rules::{RuleInfo, Table, chance_words, plain, rolled};
use crate::fight::{Carried, Combatant, Fighting, Meeting, Moves, Said};
use crate::odds::{Method, dist_of};
use crate::order::{Settle, TieKey, rank};
use serde::{Deserialize, Serialize};

/// The rules of a wod or cofd fight.
pub struct Rules {
    /// CofD 2e p. 96: wound penalties apply to Initiative, and one surprised rolls its
    /// initiative as it enters, at the penalty it has then.
    late_initiative: bool,
}

pub static RULES: Rules = Rules { late_initiative: false };
pub static RULES_COFD: Rules = Rules { late_initiative: true };

const CONSCIOUSNESS: RuleInfo = RuleInfo::on(
    "consciousness",
    "WoD p. 175: a full track with bashing in its last box: Stamina each turn or unconscious",
);
const WOUND_PENALTY: RuleInfo =
    RuleInfo::on("wound-penalty", "-1, -2, -3 as the last three boxes fill, shown, and on the rolls fray makes for it");
const DEFENSE: RuleInfo =
    RuleInfo::on("defense", "Defense, 1 less for each attack after the first in a turn; none while surprised");

static RULES_FIRED: &[RuleInfo] = &[CONSCIOUSNESS, WOUND_PENALTY, DEFENSE];

/// A fixed fallback for the chances here, which are always small enough to be exact.
const EXACT: crate::odds::Fallback = crate::odds::Fallback { seed: 0, trials: 1 };

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

/// The keys a fight keeps: the health track's boxes, or what they count; Defense, or what it
/// counts.
#[derive(Default, Deserialize)]
#[serde(default)]
struct Kept {
    health: Option<i32>,
    stamina: Option<i32>,
    size: Option<i32>,
    defense: Option<i32>,
    wits: Option<i32>,
    dex: Option<i32>,
}

/// What the ruleset keeps of a combatant: the wounds marked, most severe first; its Stamina
/// and Defense; the attacks on it this turn.
#[derive(Default, Serialize, Deserialize)]
#[serde(default)]
struct Own {
    #[serde(skip_serializing_if = "Vec::is_empty")]
    wounds: Vec<Wound>,
    #[serde(skip_serializing_if = "Option::is_none")]
    stamina: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    defense: Option<i32>,
    /// The round of the last attack on it, and how many came in that round.
    #[serde(skip_serializing_if = "Option::is_none")]
    attacks: Option<(u32, u32)>,
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
        // WoD p. 156 / CofD: Defense is the lower of Wits and Dexterity (plus Athletics, which
        // fray has no key for: defense=N gives the whole of it).
        let defense = kept.defense.unwrap_or(kept.wits.unwrap_or(2).min(kept.dex.unwrap_or(2)));
        let own = Own { stamina: Some(kept.stamina.unwrap_or(2)), defense: Some(defense), ..Own::default() };
        let own = match serde_json::to_value(own) {
            Ok(serde_json::Value::Object(fields)) => fields,
            _ => serde_json::Map::new(),
        };
        Carried { hp: Some(Points::Fixed(i64::from(boxes(&kept).max(1)))), own }
    }

    fn fired_rules(&self) -> &'static [RuleInfo] {
        RULES_FIRED
    }

    /// WoD p. 175: once every box is marked and the last holds bashing, a Stamina roll at the
    /// start of each turn keeps it conscious (the wound penalty does not apply to it).
    fn on_turn_start(&self, table: &mut Table, who: &str) {
        let Some(c) = table.combatant(who) else { return };
        let own: Own = c.own();
        let boxes = c.hp_max.unwrap_or(0).max(0) as usize;
        let full_of_bashing = boxes > 0 && own.wounds.len() >= boxes && own.wounds.last() == Some(&Wound::Bashing);
        if !full_of_bashing || c.down.is_some() || !table.applies(&CONSCIOUSNESS) {
            return;
        }
        let stamina = own.stamina.unwrap_or(2);
        let (pool, given) = stamina_roll(table, stamina);
        let conscious = pool >= 1;
        let chance =
            dist_of(|d: &mut dyn Dice| d.pool(stamina).successes >= 1, EXACT, &mut Method::exact(EXACT)).prob(|&s| s);
        let result = if conscious { "stays conscious" } else { "falls unconscious" };
        let text = format!(
            "{who}'s track is full of bashing: Stamina {stamina} dice, {given}, chance {}: {result}",
            chance_words(&chance)
        );
        let mut fired = plain("consciousness", who, result, text);
        fired.target = Some(serde_json::Value::from(1));
        fired.chance = Some(chance.to_string());
        fired.roll = Some(serde_json::json!({"dice": format!("{stamina}d10"), "successes": pool}));
        table.fire(fired);
        if !conscious && let Some(c) = table.combatant_mut(who) {
            c.down = Some("unconscious".into());
        }
    }

    /// Defense against an attack, 1 less for each attack on it after the first this turn (WoD
    /// p. 156, CofD 2e); none in the first round for one surprised (seed 003).
    fn on_attack(&self, table: &mut Table, who: &str, surprised: bool) {
        if !table.applies(&DEFENSE) {
            return;
        }
        let round = table.round;
        let Some(c) = table.combatant_mut(who) else { return };
        let mut own: Own = c.own();
        let count = match own.attacks {
            Some((r, n)) if r == round => n + 1,
            _ => 1,
        };
        own.attacks = Some((round, count));
        c.set_own(&own);
        let base = own.defense.unwrap_or(2);
        let (defense, why) = match (surprised, count) {
            (true, _) => (0, "surprised: no Defense this round".to_string()),
            (false, 1) => (base, format!("Defense {base}")),
            (false, n) => {
                let now = (base - (n as i32 - 1)).max(0);
                let before = if n == 2 { "the attack".to_string() } else { format!("each of the {} attacks", n - 1) };
                (now, format!("Defense {base}, less 1 for {before} before it: {now}"))
            }
        };
        let text = format!("{who} is attacked (attack {count} this turn): {why}");
        let mut fired = plain("defense", who, format!("Defense {defense}"), text);
        fired.target = Some(serde_json::Value::from(defense));
        table.fire(fired);
    }

    /// CofD 2e p. 96: one the surprise kept out rolls its initiative as it enters, 1d10 + its
    /// modifier, at the wound penalty it has by then.
    fn late_initiative(&self, table: &mut Table, who: &str, modifier: i64) -> Option<i64> {
        if !self.late_initiative || !table.applies(&WOUND_PENALTY) {
            return None;
        }
        let c = table.combatant(who)?;
        let boxes = c.hp_max.unwrap_or(0).max(0) as usize;
        let penalty = i64::from(wound_penalty(boxes, c.own::<Own>().wounds.len()));
        if penalty == 0 {
            return None;
        }
        let roll = table.roll("wound-penalty", 1, 10);
        let total = i64::from(roll.total) + modifier + penalty;
        let chance = crate::prob::Prob::one();
        let text = format!(
            "{who} enters the fight hurt: initiative {} {modifier:+} {penalty:+} wound penalty = {total}",
            roll.words()
        );
        let mut fired = rolled(
            "wound-penalty",
            who,
            &roll,
            serde_json::Value::from(total),
            &chance,
            format!("initiative {total}"),
            text,
        );
        fired.chance = None;
        table.fire(fired);
        Some(total)
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

/// A Stamina pool for `rule`: its successes (the referee's, where given) and the dice in words.
fn stamina_roll(table: &mut Table, stamina: i32) -> (u32, String) {
    if let Some(k) = table.given.iter().position(|(rule, _)| rule == "consciousness") {
        let (_, successes) = table.given.remove(k);
        return (successes, format!("{successes} successes (given)"));
    }
    let pool = table.dice.pool(stamina);
    let faces: Vec<String> = pool.rolls.iter().chain(&pool.again).map(|f| f.to_string()).collect();
    let plural = if pool.successes == 1 { "" } else { "es" };
    (pool.successes, format!("{stamina}d10 ({}): {} success{plural}", faces.join(" "), pool.successes))
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
