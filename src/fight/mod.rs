//! What a fight is made of, as the rulesets and the tracker share it: the acting order an
//! opening procedure hands over ([`Opening`]), who it leaves out of action ([`Absence`]), the
//! stun a roll may end ([`Recovery`]), each combatant's hit points, effects and notes
//! ([`Combatant`]), and the rules a ruleset applies to them ([`Fighting`]). Nothing here names
//! a game: a ruleset fills these in its own folder, in its own words, and the tracker keeps and
//! shows them.

pub mod keys;
pub mod rules;

use crate::cast::KeyValues;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Number, Value};
use std::ops::Not;

/// The acting order an encounter or an initiative hands to a fight, read from its typed
/// outcome: its places in acting order, who cannot act yet, and (where the procedure's own
/// text rolls ahead what the tracker rolls turn by turn) the opening in words instead.
#[derive(Clone, Debug, Default)]
pub struct Opening {
    pub entries: Vec<Entry>,
    pub absences: Vec<Absence>,
    /// The opening's rolls in words, shown instead of the procedure's own text when `Some`.
    pub words: Option<Vec<String>>,
    /// The document the fight gives of its opening where it is not the outcome's own (it
    /// leaves out what the procedure rolls ahead and the fight rolls as it goes).
    pub doc: Option<Value>,
}

/// One place of an opening's acting order: a combatant, a group or a side.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    pub name: String,
    /// The initiative it acts on (none: not rolled, such as a side that acts alone).
    pub total: Option<Number>,
    /// Its side, where the place is a combatant the cast does not know (none otherwise).
    pub side: Option<String>,
    /// What breaks a tie on its total where the order says (a wod modifier), for those who
    /// delay to the same moment.
    pub tie: Option<i64>,
    /// The dice and modifiers behind the total, in words: `1d20 (14) +3 Dex`.
    pub rolled: Option<String>,
    /// It acts at the same time as the entry before it (tied sides that act simultaneously).
    pub together: bool,
}

impl Entry {
    pub fn new(name: impl Into<String>, total: Option<Number>) -> Entry {
        Entry { name: name.into(), total, side: None, tie: None, rolled: None, together: false }
    }
}

/// One who cannot act yet, as the opening says.
#[derive(Clone, Debug, PartialEq)]
pub struct Absence {
    pub name: String,
    /// In the ruleset's words: `surprised`, `stunned`, `frozen`, `dramatic failure`.
    pub reason: String,
    /// The round it acts from; `None` while a recovery roll decides.
    pub from_round: Option<u32>,
    pub recovery: Option<Recovery>,
}

impl Absence {
    /// Out of action until round `from_round`, for `reason`.
    pub fn until(name: impl Into<String>, reason: impl Into<String>, from_round: u32) -> Absence {
        Absence { name: name.into(), reason: reason.into(), from_round: Some(from_round), recovery: None }
    }
}

/// A stun that ends on a roll at the start of one of the stunned combatant's turns: the first
/// turn it rolls on, and what the ruleset keeps to make the roll (its own fields, which the
/// tracker keeps as they are and hands back).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Recovery {
    /// The first turn it rolls on (after a freeze, the turn after it ends).
    pub first_turn: u32,
    // Flat, as the JSON of `track` documents it (`"out": {"recovery": {"first_turn", "iq"}}`).
    #[serde(flatten)]
    pub own: Map<String, Value>,
}

/// The dice and modifiers behind an order entry, in words: `1d20 (14) +3 Dex`, or `given` for
/// a total given as it stands (its modifiers are in it already).
pub fn rolled_words<'a>(
    dice: impl IntoIterator<Item = &'a crate::dice::Roll>,
    given: bool,
    modifiers: impl IntoIterator<Item = (i64, &'a str)>,
) -> Option<String> {
    let mut parts: Vec<String> = Vec::new();
    let rolls: Vec<String> = dice.into_iter().map(roll_words).collect();
    if !rolls.is_empty() {
        parts.push(rolls.join(" / "));
    }
    if given {
        parts.push("given".into());
        return Some(parts.join(" "));
    }
    for (value, source) in modifiers {
        if value != 0 {
            parts.push(format!("{value:+} {source}"));
        }
    }
    (!parts.is_empty()).then(|| parts.join(" "))
}

/// `2d6 (3+4)`: a roll's dice and faces, without its total.
pub fn roll_words(roll: &crate::dice::Roll) -> String {
    let faces: Vec<String> = roll.faces().map(|f| f.to_string()).collect();
    format!("{} ({})", roll.notation(), faces.join("+"))
}

/// One combatant of a fight (a member of a group is one too): its side, its hit points where
/// the ruleset counts them, its effects and notes, whether the players see it, and whether it is
/// down, in the ruleset's word. What else the ruleset keeps of it (its armour class, a health
/// track's wounds, death saves) is the ruleset's own, kept and written as it gives it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Combatant {
    pub name: String,
    pub side: String,
    /// The group it is a member of (`Goblin` for `Goblin 2`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub group: Option<String>,
    /// A player's character (on the fight's first side), not a monster.
    #[serde(default, skip_serializing_if = "Not::not")]
    pub pc: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hp: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hp_max: Option<i64>,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub temp_hp: i64,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub effects: Vec<Effect>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
    #[serde(default, skip_serializing_if = "Not::not")]
    pub hidden: bool,
    /// Down, in the ruleset's word: `unconscious`, `dying`, `dead`, `fled`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub down: Option<String>,
    /// The round of the first turn it took (none yet: surprised, or still to come).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_turn: Option<u32>,
    /// The round of the last turn it took.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_turn: Option<u32>,
    /// The ruleset's own record of it (`ac`, a health track's `wounds`, `death_saves`), kept
    /// apart in the file so that reading it is typed throughout.
    #[serde(default, skip_serializing_if = "Map::is_empty")]
    pub own: Map<String, Value>,
}

fn is_zero(n: &i64) -> bool {
    *n == 0
}

impl Combatant {
    pub fn new(name: impl Into<String>, side: impl Into<String>) -> Combatant {
        Combatant {
            name: name.into(),
            side: side.into(),
            group: None,
            pc: false,
            hp: None,
            hp_max: None,
            temp_hp: 0,
            effects: Vec::new(),
            notes: Vec::new(),
            hidden: false,
            down: None,
            first_turn: None,
            last_turn: None,
            own: Map::new(),
        }
    }

    /// The ruleset's own record read into its type `T` (its defaults where nothing is kept).
    pub fn own<T: serde::de::DeserializeOwned + Default>(&self) -> T {
        serde_json::from_value(Value::Object(self.own.clone())).unwrap_or_default()
    }

    /// The ruleset's own record written from its type `T`, replacing what it held.
    pub fn set_own<T: Serialize>(&mut self, own: &T) {
        if let Ok(Value::Object(fields)) = serde_json::to_value(own) {
            self.own = fields;
        }
    }

    /// Its hit points as `7/12`, with `+3 temp` where it has temporary ones.
    pub fn hp_words(&self) -> Option<String> {
        let (hp, max) = (self.hp?, self.hp_max?);
        let temp = if self.temp_hp > 0 { format!(" +{} temp", self.temp_hp) } else { String::new() };
        Some(format!("{hp}/{max}{temp}"))
    }
}

/// A named condition or effect on a combatant, and when it runs out: at the start or the end
/// of the turn of `of` (the combatant whose turns count) in round `ends_round`, or never until
/// it is ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Effect {
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ends_round: Option<u32>,
    #[serde(default)]
    pub until: Until,
    pub of: String,
    /// It hangs on this combatant's concentration, and ends when that is lost.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub concentration: Option<String>,
}

/// Which end of a turn an effect runs out at.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Until {
    #[default]
    Start,
    End,
}

impl Until {
    pub fn word(self) -> &'static str {
        match self {
            Until::Start => "start",
            Until::End => "end",
        }
    }
}

/// What a combatant brings into a fight, as its ruleset reads its keys: its hit points (a
/// number, or dice each member rolls as it enters) and the ruleset's own record of it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Carried {
    pub hp: Option<keys::Points>,
    pub own: Map<String, Value>,
}

/// What a change of hit points did, in words, for the fight's events.
pub type Said = Vec<String>;

/// A ruleset's rules of the fight, as `fray track` applies them while a fight goes on. Each
/// ruleset implements it in its folder (`track.rs`), citing its rules; the tracker reaches it
/// through the registry and never names a game.
pub trait Fighting: Sync {
    /// What a combatant with these keys brings into the fight.
    fn carries(&self, keys: &KeyValues) -> Carried {
        let _ = keys;
        Carried::default()
    }

    /// Whether the ruleset has temporary hit points, which take damage first.
    fn temporary_hit_points(&self) -> bool {
        false
    }

    /// The words damage may be given with (wod: bashing, lethal, aggravated), the first the
    /// default; none where damage is only hit points.
    fn damage_kinds(&self) -> &'static [&'static str] {
        &[]
    }

    /// `amount` of damage (of `kind`, one of [`Fighting::damage_kinds`]) taken by `who`: its
    /// hit points lost as the ruleset counts them, and down as it says.
    fn damage(&self, who: &mut Combatant, amount: i64, kind: Option<&str>) -> Said {
        let _ = kind;
        lose_hit_points(who, amount, Some(0), Some("dead"))
    }

    /// `amount` of healing to `who`.
    fn heal(&self, who: &mut Combatant, amount: i64) -> Said {
        gain_hit_points(who, amount)
    }

    /// Whether `who`, down, still takes its turns (a dying character rolls its death saves).
    fn keeps_turn(&self, who: &Combatant) -> bool {
        let _ = who;
        false
    }

    /// What the order shows beside `who`'s hit points: a ruleset's words for its state
    /// (`Bloodied`, a wound penalty).
    fn condition(&self, who: &Combatant) -> Vec<String> {
        let _ = who;
        Vec::new()
    }

    /// How the players' view words a monster's state instead of its numbers.
    fn players_words(&self, who: &Combatant) -> String {
        players_words(who)
    }

    /// Whether initiative is rolled anew at the start of `round` (2 or later), given the
    /// `--variant` the fight was started with.
    fn rerolls(&self, round: u32, variant: Option<&str>) -> bool {
        let _ = (round, variant);
        false
    }

    /// The roll at the start of a stunned combatant's `turn` that may end its stun; `None` where
    /// the ruleset has none (the stun then simply ends).
    fn recovery(&self, stun: &Recovery, turn: u32, dice: &mut dyn crate::dice::Dice) -> Option<RecoveryCheck> {
        let _ = (stun, turn, dice);
        None
    }

    /// What a stunned combatant rolls to recover, in words (`IQ 10`).
    fn recovery_words(&self, stun: &Recovery) -> String {
        let _ = stun;
        "a roll".into()
    }

    /// Delayed, readied and held actions, where the ruleset has them.
    fn moves(&self) -> Option<&Moves> {
        None
    }

    /// Lair actions at initiative count 20, losing ties.
    fn lair(&self) -> bool {
        false
    }

    /// The rules this ruleset fires as a fight goes, for `--no-rule` and `--rule`.
    fn fired_rules(&self) -> &'static [rules::RuleInfo] {
        &[]
    }

    /// When a fight starts: what the rules have to say of it (a lone monster's morale).
    fn on_start(&self, table: &mut rules::Table) {
        let _ = table;
    }

    /// After `who` took damage, as `dealt` says.
    fn on_damage(&self, table: &mut rules::Table, who: &str, dealt: &rules::Dealt) {
        let _ = (table, who, dealt);
    }

    /// At the start of `who`'s turn (those who act in the seat whose turn begins).
    fn on_turn_start(&self, table: &mut rules::Table, who: &str) {
        let _ = (table, who);
    }

    /// At the end of `who`'s turn.
    fn on_turn_end(&self, table: &mut rules::Table, who: &str) {
        let _ = (table, who);
    }

    /// After any change: what a ruleset checks of the whole fight (morale when one falls).
    fn after_change(&self, table: &mut rules::Table) {
        let _ = table;
    }

    /// An attack on `who` (`fray track attack`): what it takes from its defence; `surprised`
    /// whether the opening surprised it and it has not acted since.
    fn on_attack(&self, table: &mut rules::Table, who: &str, surprised: bool) {
        let _ = (table, who, surprised);
    }

    /// The initiative a combatant the opening left out rolls as it enters the fight, where the
    /// ruleset has it rolled late (cofd, at its wound penalty); `modifier` its initiative
    /// modifier.
    fn late_initiative(&self, table: &mut rules::Table, who: &str, modifier: i64) -> Option<i64> {
        let _ = (table, who, modifier);
        None
    }

    /// Whether the lair acts on its count this round, `owner` being the creature whose lair it
    /// is, `surprised` whether the opening surprised it.
    fn lair_acts(&self, table: &mut rules::Table, owner: &str, surprised: bool) -> bool {
        let _ = (table, owner, surprised);
        true
    }

    /// The exact chances of what may still come of `who` by its rules alone, for `track show
    /// --odds` (a dying character's death saves: stable, dead, awake).
    fn odds(&self, who: &Combatant) -> Vec<(&'static str, crate::prob::Prob)> {
        let _ = who;
        Vec::new()
    }

    /// A check asked for by hand (`fray track morale NAME`): `None` where the ruleset has none.
    fn check_morale(&self, table: &mut rules::Table, who: &[String], modifier: i32) -> Option<()> {
        let _ = (table, who, modifier);
        None
    }
}

/// One recovery roll: what was rolled in words, its record for the document, and whether it
/// succeeded.
pub struct RecoveryCheck {
    pub words: String,
    pub record: Value,
    pub success: bool,
}

/// The numbers delayed and readied actions take.
pub struct Moves {
    /// The initiative of one who acts right after a combatant at `anchor`.
    pub delayed: fn(anchor: i64) -> i64,
    /// The initiative of a prepared action that fires right before a combatant at `anchor`.
    pub readied: fn(anchor: i64) -> i64,
    /// The order of those who delayed to the same moment, given each one's tie key (`None`
    /// where the order does not say it).
    pub meeting: fn(tie_keys: &[Option<i64>], dice: &mut dyn crate::dice::Dice) -> Meeting,
}

/// Those who delayed to one moment, in order: places into the list given, and each round of a
/// roll-off among the still level, as (who, the die each rolled).
pub struct Meeting {
    pub order: Vec<usize>,
    pub sides: u32,
    pub roll_offs: Vec<(Vec<usize>, Vec<u32>)>,
}

/// The rules of a fight where the ruleset adds nothing to the tracker's own.
pub struct Plain;

impl Fighting for Plain {}

/// Damage to hit points: temporary hit points first, then the rest, down to `floor` (none: no
/// floor); at 0 or below the combatant is down as `down` says (none: it is not, by itself).
pub fn lose_hit_points(who: &mut Combatant, amount: i64, floor: Option<i64>, down: Option<&str>) -> Said {
    let mut said = Said::new();
    let absorbed = amount.min(who.temp_hp).max(0);
    if absorbed > 0 {
        who.temp_hp -= absorbed;
        said.push(format!("{absorbed} taken by temporary hit points"));
    }
    let Some(hp) = who.hp else { return said };
    let lost = amount - absorbed;
    let now = hp.saturating_sub(lost);
    who.hp = Some(floor.map_or(now, |f| now.max(f)));
    if let (true, None, Some(word)) = (now <= 0, &who.down, down) {
        who.down = Some(word.to_string());
        said.push(format!("{} is {word}", who.name));
    }
    said
}

/// Healing: hit points back up to the most it has; one who is down and healed above 0 is up
/// again, unless dead.
pub fn gain_hit_points(who: &mut Combatant, amount: i64) -> Said {
    let mut said = Said::new();
    let (Some(hp), Some(max)) = (who.hp, who.hp_max) else { return said };
    if who.down.as_deref() == Some("dead") {
        said.push(format!("{} is dead: healing does not bring it back", who.name));
        return said;
    }
    let now = hp.saturating_add(amount).min(max);
    who.hp = Some(now);
    if now > 0 && who.down.take().is_some() {
        said.push(format!("{} is up again", who.name));
    }
    said
}

/// A monster's state as the players see it, without its numbers: `unhurt`, `hurt`, `badly
/// hurt` (at half its hit points or less), or down.
pub fn players_words(who: &Combatant) -> String {
    if let Some(down) = &who.down {
        return down.clone();
    }
    match (who.hp, who.hp_max) {
        (Some(hp), Some(max)) if hp >= max => "unhurt".into(),
        (Some(hp), Some(max)) if hp * 2 <= max => "badly hurt".into(),
        (Some(_), Some(_)) => "hurt".into(),
        _ => String::new(),
    }
}
