//! D&D 5th edition (2014 rules): surprise as the hiders' Stealth against each creature's
//! passive Perception (seed 004), and the initiative variants of the Dungeon Master's Guide
//! (seed 002): standard, initiative score, side initiative and speed factor.
//!
//! Every variant is one shape: contenders (combatants, `*COUNT` groups or sides) each get a
//! total from [`roll_contender`], and [`settle`] orders them: highest first, then higher Dex,
//! then a d20 roll-off. The odds use the same two functions: each contender's total is
//! enumerated on its own, and who acts first follows from those distributions exactly.

use crate::dice::{Dice, Roll};
use crate::odds::{Dist, Fallback, Method, Odds, dist_of};
use crate::order::odds::{Field, Line, PLACES_NOT_LISTED, Rival, push_places, standings};
use crate::order::{self, KeyName, Ranking, Settle, Tie, TieKey};
use crate::outcome::{Modifier, sum};
use crate::prob::Prob;
use crate::rulesets::Rule;
use serde::Serialize;
use serde_json::json;

/// The full acting order is given in the odds up to this many contenders.
pub const FULL_ORDER: usize = 3;

// ------------------------------------------------------------------------------------------
// Size and declared actions (speed factor)

/// A creature's size.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Size {
    Tiny,
    Small,
    #[default]
    Medium,
    Large,
    Huge,
    Gargantuan,
}

impl Size {
    pub const WORDS: &'static [&'static str] = &["tiny", "small", "medium", "large", "huge", "gargantuan"];
    const ALL: [Size; 6] = [Size::Tiny, Size::Small, Size::Medium, Size::Large, Size::Huge, Size::Gargantuan];

    pub fn from_word(word: &str) -> Option<Size> {
        Size::WORDS.iter().position(|w| w.eq_ignore_ascii_case(word)).map(|i| Size::ALL[i])
    }

    pub fn word(self) -> &'static str {
        Size::WORDS[Size::ALL.iter().position(|&s| s == self).unwrap_or(2)]
    }

    /// seed 002, speed factor: tiny +5 · small +2 · medium +0 · large −2 · huge −5 · gargantuan −8.
    pub fn modifier(self) -> i32 {
        match self {
            Size::Tiny => 5,
            Size::Small => 2,
            Size::Medium => 0,
            Size::Large => -2,
            Size::Huge => -5,
            Size::Gargantuan => -8,
        }
    }
}

/// What `action=` accepts, for errors and help.
pub const ACTION_HELP: &str = "spell:LEVEL (0-9), heavy, light, finesse, two-handed, loading or a number \
                               from -20 to 20, joined with + (e.g. spell:2+light)";

/// The largest "any other" modifier an action may carry.
const OTHER_LIMIT: i32 = 20;

/// An action declared for the speed factor, with the modifiers seed 002 gives it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Action {
    /// As written: `spell:2+light`.
    pub declared: String,
    pub modifiers: Vec<Modifier>,
    /// Parts that add nothing, and why (`light: one +2 only`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub ignored: Vec<String>,
}

impl Action {
    pub fn net(&self) -> i32 {
        sum(&self.modifiers)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Part {
    Spell(u32),
    Heavy,
    Light,
    Finesse,
    TwoHanded,
    Loading,
    Other(i32),
}

fn parse_part(token: &str) -> Result<Part, String> {
    let lower = token.to_ascii_lowercase();
    Ok(match lower.as_str() {
        "heavy" => Part::Heavy,
        "light" => Part::Light,
        "finesse" => Part::Finesse,
        "two-handed" => Part::TwoHanded,
        "loading" => Part::Loading,
        "spell" => return Err("'spell' needs its level: spell:LEVEL (0-9)".to_string()),
        _ => {
            if let Some(level) = lower.strip_prefix("spell:") {
                match level.parse::<u32>() {
                    Ok(l) if l <= 9 => Part::Spell(l),
                    _ => return Err(format!("'{token}' is not a spell level; write spell:LEVEL with LEVEL 0 to 9")),
                }
            } else if let Ok(n) = lower.parse::<i32>() {
                // A range check, not n.abs(), which overflows for the least i32.
                if !(-OTHER_LIMIT..=OTHER_LIMIT).contains(&n) {
                    return Err(format!("'{token}' is out of range; another action's modifier is -20 to 20"));
                }
                Part::Other(n)
            } else {
                return Err(format!("unknown action '{token}'; write {ACTION_HELP}"));
            }
        }
    })
}

/// Reads an action: parts joined with `+` (a `+` before a number is its sign: `light++3`, `+3`).
/// seed 002: the same modifier never applies twice in a turn; only the highest-level spell
/// counts; light or finesse gives one +2 however many such weapons; a part listed twice
/// counts once.
pub fn parse_action(text: &str) -> Result<Action, String> {
    let pieces: Vec<&str> = text.split('+').map(str::trim).collect();
    let mut parts: Vec<(String, Part)> = Vec::new();
    let mut i = 0;
    while i < pieces.len() {
        let piece = pieces[i];
        if piece.is_empty() {
            match pieces.get(i + 1) {
                Some(next) if !next.is_empty() && next.bytes().all(|b| b.is_ascii_digit()) => {
                    let token = format!("+{next}");
                    parts.push((token.clone(), parse_part(&token)?));
                    i += 2;
                    continue;
                }
                _ => return Err(format!("'{text}' has an empty part; write {ACTION_HELP}")),
            }
        }
        parts.push((piece.to_string(), parse_part(piece)?));
        i += 1;
    }
    let mut modifiers = Vec::new();
    let mut ignored = Vec::new();
    let highest = parts.iter().filter_map(|(_, p)| if let Part::Spell(l) = p { Some(*l) } else { None }).max();
    if let Some(level) = highest {
        // seed 002: subtract the spell's level; only the highest-level spell counts.
        modifiers.push(part_modifier(Part::Spell(level)));
        let mut counted = false;
        for (token, part) in &parts {
            if let Part::Spell(l) = part {
                if *l == level && !counted {
                    counted = true;
                } else {
                    ignored.push(format!("{token}: only the highest-level spell counts"));
                }
            }
        }
    }
    let mut once = |matches: fn(Part) -> bool, why: &str| {
        let mut first: Option<Part> = None;
        for (token, part) in &parts {
            if !matches(*part) {
                continue;
            }
            match first {
                None => first = Some(*part),
                Some(_) => ignored.push(format!("{token}: {why}")),
            }
        }
        if let Some(part) = first {
            modifiers.push(part_modifier(part));
        }
    };
    once(|p| p == Part::Heavy, "the same modifier applies once");
    once(|p| matches!(p, Part::Light | Part::Finesse), "one +2 for light or finesse");
    once(|p| p == Part::TwoHanded, "the same modifier applies once");
    once(|p| p == Part::Loading, "the same modifier applies once");
    let mut others: Vec<i32> = Vec::new();
    for (token, part) in &parts {
        if let Part::Other(n) = part {
            if others.contains(n) {
                ignored.push(format!("{token}: the same modifier applies once"));
            } else {
                others.push(*n);
                modifiers.push(part_modifier(Part::Other(*n)));
            }
        }
    }
    Ok(Action { declared: text.to_string(), modifiers, ignored })
}

/// seed 002, speed factor: casting a spell −level · melee heavy −2 · melee light or finesse +2
/// · melee two-handed −2 · ranged loading −5 · any other action as the referee rules.
fn part_modifier(part: Part) -> Modifier {
    match part {
        Part::Heavy => Modifier::new(-2, "heavy weapon"),
        Part::Light => Modifier::new(2, "light weapon"),
        Part::Finesse => Modifier::new(2, "finesse weapon"),
        Part::TwoHanded => Modifier::new(-2, "two-handed weapon"),
        Part::Loading => Modifier::new(-5, "loading weapon"),
        Part::Spell(level) => Modifier::new(-(level as i32), format!("spell level {level}")),
        Part::Other(n) => Modifier::new(n, "other action"),
    }
}

// ------------------------------------------------------------------------------------------
// Creatures

/// How the initiative d20 is rolled.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RollMode {
    #[default]
    Normal,
    Advantage,
    Disadvantage,
    /// Both advantage and disadvantage: they cancel, one d20 is rolled (PHB).
    Cancelled,
}

impl RollMode {
    pub fn from_keys(adv: bool, dis: bool) -> RollMode {
        match (adv, dis) {
            (true, true) => RollMode::Cancelled,
            (true, false) => RollMode::Advantage,
            (false, true) => RollMode::Disadvantage,
            (false, false) => RollMode::Normal,
        }
    }

    pub fn is_normal(&self) -> bool {
        *self == RollMode::Normal
    }
}

/// One combatant, or a `*COUNT` group of identical ones.
#[derive(Clone, Debug, Default)]
pub struct Creature {
    pub name: String,
    pub count: u32,
    /// Index into the sides.
    pub side: usize,
    /// `dex=N`: the Dex modifier, which breaks initiative ties.
    pub dex: i32,
    /// `init=N`: the initiative modifier; the Dex modifier when not given.
    pub init: Option<i32>,
    /// `per=N`: passive Perception (default 10).
    pub per: i32,
    /// `alert`: +5 initiative, cannot be surprised.
    pub alert: bool,
    pub mode: RollMode,
    pub size: Size,
    pub action: Option<Action>,
    /// `dex-score=N`: the Dexterity score (1 to 30), when given.
    pub dex_score: Option<i32>,
    /// `initiative=N`: a total rolled at the table, which stands instead of a roll.
    pub given: Option<i32>,
    /// `stealth=N`: the Stealth modifier a hider rolls d20 + N with.
    pub stealth: Option<i32>,
}

/// seed 004: passive Perception when `per=` is not given.
pub const DEFAULT_PASSIVE_PERCEPTION: i32 = 10;

impl Creature {
    /// The initiative modifier with its source: `+4 initiative` or `+3 Dex`.
    pub fn init_modifier(&self) -> Modifier {
        match self.init {
            Some(n) => Modifier::new(n, "initiative"),
            None => Modifier::new(self.dex, "Dex"),
        }
    }
}

// ------------------------------------------------------------------------------------------
// Surprise

/// How Stealth equal to passive Perception is ruled.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum StealthTies {
    #[default]
    Noticed,
    Surprised,
}

/// A hider's Stealth: a total already known, or d20 + modifier rolled now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stealth {
    Total(i32),
    Rolls(i32),
}

#[derive(Clone, Debug)]
pub struct Hider {
    pub name: String,
    pub stealth: Stealth,
}

#[derive(Clone, Debug)]
pub struct SurpriseInput {
    pub sides: Vec<String>,
    pub creatures: Vec<Creature>,
    /// Creatures on the ambushing side: they hide and are never checked.
    pub hiding: Vec<bool>,
    pub hiders: Vec<Hider>,
    pub ties: StealthTies,
    /// `--both-surprised`: nobody hides; everyone on every side is surprised.
    pub both_surprised: bool,
}

#[derive(Clone, Debug, Serialize)]
pub struct HiderStealth<'a> {
    pub name: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub roll: Option<Roll>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub modifier: Option<i32>,
    pub stealth: i32,
}

/// Why a creature is or is not surprised.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    /// On the ambushing side: hides, is not checked.
    Hiding,
    /// Alert feat: cannot be surprised.
    Alert,
    /// Passive Perception at least the lowest Stealth (a tie only when ruled so).
    Noticed,
    /// Every hider's Stealth beats its passive Perception (or a tie ruled surprised).
    NotNoticed,
    /// `--both-surprised`.
    BothSurprised,
}

/// One creature's surprise: what [`judge`] decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Judgement {
    pub surprised: bool,
    pub borderline: bool,
    pub reason: Reason,
}

/// One creature's surprise, in either edition: who it is and the passive Perception it was
/// checked with (none for a hider), then `J`, how the edition judged it.
#[derive(Clone, Debug, Serialize)]
pub struct CreatureSurprise<'a, J = Judged> {
    pub name: &'a str,
    pub side: &'a str,
    #[serde(skip_serializing_if = "is_one")]
    pub count: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub passive_perception: Option<i32>,
    #[serde(flatten)]
    pub judged: J,
}

impl<'a, J> CreatureSurprise<'a, J> {
    /// Creature `i` of `input`, judged `judged`.
    pub fn new(input: &'a SurpriseInput, i: usize, judged: J) -> Self {
        let c = &input.creatures[i];
        CreatureSurprise {
            name: &c.name,
            side: &input.sides[c.side],
            count: c.count,
            passive_perception: (!input.hiding[i]).then_some(c.per),
            judged,
        }
    }
}

/// How the 2014 rules judged a creature: [`Judgement`], with the Stealth it was compared with.
#[derive(Clone, Debug, Serialize)]
pub struct Judged {
    /// The lowest hider's Stealth it was checked against.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stealth: Option<i32>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub alert: bool,
    pub surprised: bool,
    pub borderline: bool,
    pub reason: Reason,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    NoneSurprised,
    Surprised,
    BothSidesSurprised,
}

/// seed 004: what being surprised costs.
pub const SURPRISED_EFFECT: &str = "a surprised creature cannot move or act on its first turn and cannot take \
                                    reactions until that turn ends; hidden attackers have advantage against it";
/// seed 004: surprise on both sides.
pub const BOTH_EFFECT: &str = "everyone surprised loses the first round; who cannot be surprised acts in it";

#[derive(Clone, Debug, Serialize)]
pub struct SurpriseOutcome<'a> {
    pub stealth_ties: StealthTies,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub both_surprised: bool,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub hiders: Vec<HiderStealth<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lowest_stealth: Option<i32>,
    pub creatures: Vec<CreatureSurprise<'a>>,
    pub verdict: Verdict,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub effect: Option<&'static str>,
}

impl SurpriseOutcome<'_> {
    /// Whether each creature (by index) is surprised.
    pub fn surprised(&self) -> Vec<bool> {
        self.creatures.iter().map(|c| c.judged.surprised).collect()
    }
}

/// A hider's Stealth for this fight: the total given, or d20 + modifier rolled now.
pub fn roll_hider<'a>(hider: &'a Hider, dice: &mut dyn Dice) -> HiderStealth<'a> {
    match hider.stealth {
        Stealth::Total(total) => HiderStealth { name: &hider.name, roll: None, modifier: None, stealth: total },
        Stealth::Rolls(modifier) => {
            let roll = dice.roll(1, 20);
            HiderStealth {
                name: &hider.name,
                roll: Some(roll),
                modifier: Some(modifier),
                stealth: roll.total as i32 + modifier,
            }
        }
    }
}

/// seed 004: a creature is surprised when the hiders' Stealth is higher than its passive
/// Perception; it notices the threat if it notices any hider, so the lowest Stealth decides.
/// Equal is the referee's call (`--stealth-ties`), marked borderline. Alert: never surprised.
pub fn judge(input: &SurpriseInput, creature: usize, lowest: Option<i32>) -> Judgement {
    let c = &input.creatures[creature];
    let (surprised, borderline, reason) = if c.alert && !input.hiding[creature] {
        (false, false, Reason::Alert)
    } else if input.both_surprised {
        (true, false, Reason::BothSurprised)
    } else if input.hiding[creature] {
        (false, false, Reason::Hiding)
    } else {
        match lowest {
            Some(s) if s > c.per => (true, false, Reason::NotNoticed),
            Some(s) if s == c.per => match input.ties {
                StealthTies::Noticed => (false, true, Reason::Noticed),
                StealthTies::Surprised => (true, true, Reason::NotNoticed),
            },
            _ => (false, false, Reason::Noticed),
        }
    };
    Judgement { surprised, borderline, reason }
}

impl Rule for SurpriseInput {
    type Outcome<'a> = SurpriseOutcome<'a>;

    fn roll<'a>(&'a self, dice: &mut dyn Dice) -> Self::Outcome<'a> {
        let input = self;
        let hiders: Vec<HiderStealth<'a>> = input.hiders.iter().map(|h| roll_hider(h, dice)).collect();
        let lowest = hiders.iter().map(|h| h.stealth).min();
        let creatures: Vec<CreatureSurprise<'a>> = input
            .creatures
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let j = judge(input, i, lowest);
                let checked = matches!(j.reason, Reason::Noticed | Reason::NotNoticed);
                let stealth = if checked { lowest } else { None };
                let judged = Judged {
                    stealth,
                    alert: c.alert,
                    surprised: j.surprised,
                    borderline: j.borderline,
                    reason: j.reason,
                };
                CreatureSurprise::new(input, i, judged)
            })
            .collect();
        let any = creatures.iter().any(|c| c.judged.surprised);
        let (verdict, effect) = match (any, input.both_surprised) {
            (false, _) => (Verdict::NoneSurprised, None),
            (true, false) => (Verdict::Surprised, Some(SURPRISED_EFFECT)),
            (true, true) => (Verdict::BothSidesSurprised, Some(BOTH_EFFECT)),
        };
        SurpriseOutcome {
            stealth_ties: input.ties,
            both_surprised: input.both_surprised,
            hiders,
            lowest_stealth: lowest,
            creatures,
            verdict,
            effect,
        }
    }

    fn odds(&self, fallback: Fallback) -> Odds {
        let input = self;
        let mut odds = Odds::default();
        push_surprise_parts(&mut odds, input, fallback);
        note_given_stealth(&mut odds, input);
        odds
    }
}

/// The distribution of the lowest hider's Stealth, each hider rolled by [`roll_hider`]. Hiders
/// roll independently, so the lowest is at least s when every hider's is; hiders alike (the
/// same Stealth) are counted once.
pub fn lowest_stealth_dist(input: &SurpriseInput, fallback: Fallback, method: &mut Method) -> Dist<Option<i32>> {
    if input.hiders.is_empty() {
        return Dist::point(None);
    }
    let mut kinds: Vec<(Stealth, usize, Dist<i32>)> = Vec::new();
    for hider in &input.hiders {
        match kinds.iter_mut().find(|(s, _, _)| *s == hider.stealth) {
            Some((_, count, _)) => *count += 1,
            None => kinds.push((hider.stealth, 1, dist_of(|d| roll_hider(hider, d).stealth, fallback, method))),
        }
    }
    let mut values: Vec<i32> = kinds.iter().flat_map(|(_, _, d)| d.iter().map(|(s, _)| *s)).collect();
    values.sort_unstable();
    values.dedup();
    // at_least[k]: the chance that every hider's Stealth is values[k] or more.
    let at_least: Vec<Prob> = values
        .iter()
        .map(|&v| kinds.iter().fold(Prob::one(), |acc, (_, count, d)| acc.mul(&d.prob(|&s| s >= v).pow(*count))))
        .collect();
    Dist::from_pairs(values.iter().enumerate().map(|(k, &v)| {
        let above = at_least.get(k + 1).cloned().unwrap_or_else(Prob::zero);
        (Some(v), at_least[k].sub(&above))
    }))
}

/// Each creature's judgement as a distribution.
fn judgement_dists(input: &SurpriseInput, fallback: Fallback, method: &mut Method) -> Vec<Dist<Judgement>> {
    let lowest = lowest_stealth_dist(input, fallback, method);
    (0..input.creatures.len()).map(|i| lowest.map(|&l| judge(input, i, l))).collect()
}

fn describe_judgement(j: &Judgement) -> (serde_json::Value, String) {
    let label = match (j.reason, j.borderline) {
        (Reason::Hiding, _) => "hides: not checked".to_string(),
        (Reason::Alert, _) => "never surprised (Alert)".to_string(),
        (Reason::BothSurprised, _) => "surprised (both sides)".to_string(),
        (_, true) if j.surprised => "surprised, borderline (Stealth = passive Perception)".to_string(),
        (_, true) => "noticed, borderline (Stealth = passive Perception)".to_string(),
        (_, false) if j.surprised => "surprised".to_string(),
        _ => "noticed".to_string(),
    };
    (json!({ "surprised": j.surprised, "borderline": j.borderline }), label)
}

fn push_surprise_parts(odds: &mut Odds, input: &SurpriseInput, fallback: Fallback) {
    let mut method = Method::exact(fallback);
    let dists = judgement_dists(input, fallback, &mut method);
    for (i, dist) in dists.iter().enumerate() {
        if input.hiding[i] && !input.both_surprised {
            continue;
        }
        let c = &input.creatures[i];
        let title =
            if c.alert { format!("{} (Alert)", c.name) } else { format!("{} (passive Perception {})", c.name, c.per) };
        odds.push(Some(&c.name), title, dist, method, describe_judgement);
    }
}

/// Says so when no hider rolls: every outcome is then certain.
pub fn note_given_stealth(odds: &mut Odds, input: &SurpriseInput) {
    if input.hiders.iter().all(|h| matches!(h.stealth, Stealth::Total(_))) {
        odds.note("every Stealth is a given total: nothing is rolled, so each outcome is certain");
    }
}

// ------------------------------------------------------------------------------------------
// Encounter distance

/// A row of an encounter-distance table: what it is called and the distance rolled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sighting {
    /// The name shown and written out.
    pub name: &'static str,
    /// Other words accepted for it (the other number, singular or plural).
    pub also: &'static [&'static str],
    pub dice: u32,
    pub sides: u32,
    /// Feet per point rolled.
    pub scale: u32,
}

impl Sighting {
    pub const fn new(name: &'static str, also: &'static [&'static str], dice: u32, sides: u32, scale: u32) -> Sighting {
        Sighting { name, also, dice, sides, scale }
    }

    /// The row of `table` that `word` names, in any case.
    pub fn find(table: &'static [Sighting], word: &str) -> Option<&'static Sighting> {
        let word = word.trim();
        table.iter().find(|row| std::iter::once(&row.name).chain(row.also).any(|w| w.eq_ignore_ascii_case(word)))
    }

    /// The names of a table's rows, for errors and help.
    pub fn names(table: &[Sighting]) -> String {
        table.iter().map(|row| row.name).collect::<Vec<_>>().join(", ")
    }
}

/// DM screen (2014), Encounter Distance: how far off the others are when first seen, by terrain.
pub static TERRAINS: &[Sighting] = &[
    Sighting::new("arctic", &[], 6, 6, 10),
    Sighting::new("desert", &["deserts"], 6, 6, 10),
    Sighting::new("farmland", &["farmlands"], 6, 6, 10),
    Sighting::new("grassland", &["grasslands"], 6, 6, 10),
    Sighting::new("forest", &["forests"], 2, 8, 10),
    Sighting::new("swamp", &["swamps"], 2, 8, 10),
    Sighting::new("woodland", &["woodlands"], 2, 8, 10),
    Sighting::new("hills", &["hill"], 2, 10, 10),
    Sighting::new("wastelands", &["wasteland"], 2, 10, 10),
    Sighting::new("jungle", &["jungles"], 2, 6, 10),
    Sighting::new("mountains", &["mountain"], 4, 10, 10),
];

/// DM screen (2014), Audible Distance: trying to be quiet 2d6 × 5 ft, normal noise × 10 ft,
/// very loud × 50 ft.
pub static NOISES: &[Sighting] = &[
    Sighting::new("quiet", &[], 2, 6, 5),
    Sighting::new("normal", &[], 2, 6, 10),
    Sighting::new("loud", &[], 2, 6, 50),
];

/// How the others are noticed: seen across a terrain, or heard.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Noticed {
    Seen(&'static Sighting),
    Heard(&'static Sighting),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DistanceInput {
    pub noticed: Noticed,
}

impl DistanceInput {
    fn row(&self) -> &'static Sighting {
        match self.noticed {
            Noticed::Seen(row) | Noticed::Heard(row) => row,
        }
    }
}

#[derive(Clone, Debug, Serialize)]
pub struct DistanceOutcome {
    /// The terrain the others are seen across.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub terrain: Option<&'static str>,
    /// How loud the others are, when they are heard.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub audible: Option<&'static str>,
    pub roll: Roll,
    /// Feet per point rolled.
    pub scale: u32,
    pub feet: u32,
}

/// The table row's dice, times its feet per point.
impl Rule for DistanceInput {
    type Outcome<'a> = DistanceOutcome;

    fn roll<'a>(&'a self, dice: &mut dyn Dice) -> Self::Outcome<'a> {
        let row = self.row();
        let roll = dice.roll(row.dice, row.sides);
        let (terrain, audible) = match self.noticed {
            Noticed::Seen(row) => (Some(row.name), None),
            Noticed::Heard(row) => (None, Some(row.name)),
        };
        DistanceOutcome { terrain, audible, roll, scale: row.scale, feet: roll.total * row.scale }
    }

    fn odds(&self, fallback: Fallback) -> Odds {
        let input = self;
        let mut method = Method::exact(fallback);
        let feet = dist_of(|d| Rule::roll(input, d).feet, fallback, &mut method);
        let row = input.row();
        let title = match input.noticed {
            Noticed::Seen(row) => format!("encounter distance, {}", row.name),
            Noticed::Heard(row) => format!("audible distance, {}", row.name),
        };
        let title = format!("{title}: {}d{} × {} ft", row.dice, row.sides, row.scale);
        let mut odds = Odds::default();
        odds.push(None, title, &feet, method, |&feet| (json!(feet), format!("{feet} ft")));
        odds
    }
}

// ------------------------------------------------------------------------------------------
// Initiative

/// The Dungeon Master's Guide initiative variants (seed 002), and the standard rule.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Variant {
    /// d20 + initiative modifier, once for the fight.
    #[default]
    Standard,
    /// No roll: 10 + initiative modifier.
    Score,
    /// One d20 per side, no modifiers.
    Side,
    /// d20 + modifiers for the declared action and size, every round.
    Speed,
}

impl Variant {
    pub fn words(self) -> &'static str {
        match self {
            Variant::Standard => "standard",
            Variant::Score => "initiative score",
            Variant::Side => "side initiative",
            Variant::Speed => "speed factor",
        }
    }
}

#[derive(Clone, Debug)]
pub struct InitiativeInput {
    pub variant: Variant,
    pub sides: Vec<String>,
    pub creatures: Vec<Creature>,
    /// Rounds to roll (speed factor; 1 otherwise).
    pub rounds: u32,
}

/// A creature named inside a side's turn (side initiative).
#[derive(Clone, Debug)]
pub struct MemberRef {
    pub name: String,
    pub count: u32,
    pub creature: usize,
}

/// Whatever rolls for a place in the order: a creature, a `*COUNT` group, or a side.
#[derive(Clone, Debug)]
pub struct Contender {
    pub name: String,
    pub count: u32,
    pub side: Option<String>,
    /// The creature it is (none for a side).
    pub creature: Option<usize>,
    /// The creatures acting in its turn (side initiative).
    pub members: Vec<MemberRef>,
    /// Breaks ties before the roll-off; sides have none and go straight to the roll-off.
    pub dex: Option<i32>,
    /// The Dexterity score, where given (`dex-score=N`): it breaks ties among equal modifiers.
    pub dex_score: Option<i32>,
    /// How its d20 is rolled; `None` when nothing is rolled (initiative score).
    pub die: Option<RollMode>,
    /// 10 for an initiative score, else 0.
    pub base: i32,
    pub modifiers: Vec<Modifier>,
    pub action: Option<Action>,
    /// Its total was given (`initiative=N`, in `base`): nothing is rolled or added.
    pub given: bool,
}

/// The contenders of `input`, with every modifier named.
pub fn contenders(input: &InitiativeInput) -> Vec<Contender> {
    if input.variant == Variant::Side {
        return input
            .sides
            .iter()
            .enumerate()
            .map(|(s, name)| Contender {
                name: name.clone(),
                count: 1,
                side: None,
                creature: None,
                members: input
                    .creatures
                    .iter()
                    .enumerate()
                    .filter(|(_, c)| c.side == s)
                    .map(|(i, c)| MemberRef { name: c.name.clone(), count: c.count, creature: i })
                    .collect(),
                dex: None,
                dex_score: None,
                // seed 002: side initiative, no roll gets a modifier.
                die: Some(RollMode::Normal),
                base: 0,
                modifiers: Vec::new(),
                action: None,
                given: false,
            })
            .collect();
    }
    input
        .creatures
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let mut modifiers = vec![c.init_modifier()];
            if c.alert {
                modifiers.push(Modifier::new(5, "Alert"));
            }
            let (mut die, mut base) = match input.variant {
                Variant::Score => {
                    // seed 002: a passive Dex check, 10 + modifier; PHB: advantage on a
                    // passive check is +5, disadvantage −5.
                    match c.mode {
                        RollMode::Advantage => modifiers.push(Modifier::new(5, "advantage (passive check)")),
                        RollMode::Disadvantage => modifiers.push(Modifier::new(-5, "disadvantage (passive check)")),
                        _ => {}
                    }
                    (None, 10)
                }
                _ => (Some(c.mode), 0),
            };
            let mut action = None;
            if input.variant == Variant::Speed {
                if let Some(a) = &c.action {
                    modifiers.extend(a.modifiers.iter().cloned());
                    action = Some(a.clone());
                }
                if c.size.modifier() != 0 {
                    modifiers.push(Modifier::new(c.size.modifier(), format!("{} size", c.size.word())));
                }
            }
            if let Some(total) = c.given {
                // A total rolled at the table stands as given.
                (die, base, action) = (None, total, None);
                modifiers.clear();
            }
            Contender {
                name: c.name.clone(),
                count: c.count,
                side: Some(input.sides[c.side].clone()),
                creature: Some(i),
                members: Vec::new(),
                dex: Some(c.dex),
                dex_score: c.dex_score,
                die,
                base,
                modifiers,
                action,
                given: c.given.is_some(),
            }
        })
        .collect()
}

/// One contender's roll: the d20s rolled, the one kept, the total.
#[derive(Clone, Copy, Debug)]
pub struct InitRoll {
    pub rolls: [Option<Roll>; 2],
    pub d20: Option<u32>,
    pub total: i32,
}

/// The d20s of one roll, in the order rolled, and the one kept.
#[derive(Clone, Copy, Debug)]
pub struct D20s {
    pub rolls: [Option<Roll>; 2],
    pub kept: Roll,
    /// The other die, with advantage or disadvantage.
    pub dropped: Option<Roll>,
}

/// PHB: one d20; with advantage or disadvantage two, each rolled on its own, the higher or the
/// lower kept (the first on a tie); both cancel, and one d20 is rolled.
pub fn roll_d20s(mode: RollMode, dice: &mut dyn Dice) -> D20s {
    let first = dice.roll(1, 20);
    let second = match mode {
        RollMode::Advantage | RollMode::Disadvantage => dice.roll(1, 20),
        _ => return D20s { rolls: [Some(first), None], kept: first, dropped: None },
    };
    let second_kept = if mode == RollMode::Advantage { second.total > first.total } else { second.total < first.total };
    let (kept, dropped) = if second_kept { (second, first) } else { (first, second) };
    D20s { rolls: [Some(first), Some(second)], kept, dropped: Some(dropped) }
}

/// seed 002 and the PHB: d20 (two kept higher or lower with advantage or disadvantage) plus
/// modifiers; an initiative score rolls nothing.
pub fn roll_contender(c: &Contender, dice: &mut dyn Dice) -> InitRoll {
    let (rolls, d20) = match c.die {
        None => ([None, None], None),
        Some(mode) => {
            let d = roll_d20s(mode, dice);
            (d.rolls, Some(d.kept.total))
        }
    };
    InitRoll { rolls, d20, total: c.base + d20.map_or(0, |f| f as i32) + sum(&c.modifiers) }
}

/// The Dex modifier as a tie-break key.
pub static DEX: KeyName = KeyName { id: "dex", words: "Dex" };

impl Contender {
    /// What breaks its ties before the roll-off, higher first: the DMG's higher Dexterity score.
    /// The modifier orders scores by itself (a higher modifier means a higher score); among equal
    /// modifiers a given `dex-score` decides, and a creature without one counts as the middle of
    /// its modifier's two scores (modifier +1: scores 12–13, counted 12.5). Sides have none.
    pub fn tie_key(&self) -> Option<i32> {
        self.dex.map(|modifier| {
            let doubled_score = self.dex_score.map_or(4 * modifier + 21, |score| 2 * score);
            modifier * 1000 + doubled_score
        })
    }
}

/// seed 002: highest total first; ties go to the higher Dex, then a die decides (a d20
/// roll-off, re-rolled until every place is settled). Sides have no Dex and go straight to
/// the roll-off.
pub fn settle(totals: &[i32], dex: &[Option<i32>], dice: &mut dyn Dice) -> Ranking {
    let who: Vec<usize> = (0..totals.len()).collect();
    let dex_key = |i: usize| dex[i].map_or(i64::MIN, i64::from);
    order::rank(&who, |i| totals[i], &[TieKey { name: &DEX, value: &dex_key }], Settle::RollOff(20), dice)
}

/// The rule ready to roll: the variant's contenders built once.
#[derive(Clone, Debug)]
pub struct Initiative {
    pub variant: Variant,
    pub rounds: u32,
    pub contenders: Vec<Contender>,
}

impl Initiative {
    pub fn new(input: &InitiativeInput) -> Initiative {
        Initiative {
            variant: input.variant,
            rounds: if input.variant == Variant::Speed { input.rounds.max(1) } else { 1 },
            contenders: contenders(input),
        }
    }
}

#[derive(Clone, Debug, Serialize)]
pub struct Member<'a> {
    pub name: &'a str,
    #[serde(skip_serializing_if = "is_one")]
    pub count: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub surprised: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub loses_first_turn: Option<bool>,
}

/// One entry of the acting order.
#[derive(Clone, Debug, Serialize)]
pub struct Place<'a> {
    /// 1-based acting position.
    pub place: usize,
    pub name: &'a str,
    /// The initiative number.
    pub total: i32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub side: Option<&'a str>,
    #[serde(skip_serializing_if = "is_one")]
    pub count: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dex: Option<i32>,
    /// 10 for an initiative score.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub base: Option<i32>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub rolls: Vec<Roll>,
    #[serde(skip_serializing_if = "RollMode::is_normal")]
    pub mode: RollMode,
    /// The d20 kept.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub d20: Option<u32>,
    #[serde(skip_serializing_if = "<[Modifier]>::is_empty")]
    pub modifiers: &'a [Modifier],
    #[serde(skip_serializing_if = "Option::is_none")]
    pub action: Option<&'a Action>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub members: Vec<Member<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub surprised: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub loses_first_turn: Option<bool>,
    /// The total was given (`initiative=N`), not rolled.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub given: bool,
    /// Index of the contender, for marking.
    #[serde(skip)]
    pub contender: usize,
}

#[derive(Clone, Debug, Serialize)]
pub struct RoundOrder<'a> {
    pub round: u32,
    pub order: Vec<Place<'a>>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub ties: Vec<Tie<'a, i32>>,
}

/// The acting order; `P`, its entries, is [`Place`] here and a place with more to say in 5e2024.
#[derive(Clone, Debug, Serialize)]
pub struct InitiativeOutcome<'a, P = Place<'a>> {
    pub variant: Variant,
    /// The acting order (round 1's for the speed factor).
    pub order: Vec<P>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub ties: Vec<Tie<'a, i32>>,
    /// Speed factor: every round's order.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub rounds: Vec<RoundOrder<'a>>,
}

/// Every contender rolls, then [`settle`] orders them.
fn roll_round(ini: &Initiative, dice: &mut dyn Dice) -> (Vec<InitRoll>, Ranking) {
    let rolled: Vec<InitRoll> = ini.contenders.iter().map(|c| roll_contender(c, dice)).collect();
    let totals: Vec<i32> = rolled.iter().map(|r| r.total).collect();
    let dex: Vec<Option<i32>> = ini.contenders.iter().map(Contender::tie_key).collect();
    let ranking = settle(&totals, &dex, dice);
    (rolled, ranking)
}

/// The entry at 1-based `place` for contender `i`, which rolled `r` and has `total`.
pub fn place(place: usize, i: usize, c: &Contender, r: InitRoll, total: i32) -> Place<'_> {
    Place {
        place,
        name: &c.name,
        total,
        side: c.side.as_deref(),
        count: c.count,
        dex: c.dex,
        base: (c.base != 0 && !c.given).then_some(c.base),
        rolls: r.rolls.iter().flatten().copied().collect(),
        mode: c.die.unwrap_or_default(),
        d20: r.d20,
        modifiers: &c.modifiers,
        action: c.action.as_ref(),
        members: c
            .members
            .iter()
            .map(|m| Member { name: &m.name, count: m.count, surprised: None, loses_first_turn: None })
            .collect(),
        surprised: None,
        loses_first_turn: None,
        given: c.given,
        contender: i,
    }
}

fn round<'a>(ini: &'a Initiative, dice: &mut dyn Dice) -> (Vec<Place<'a>>, Vec<Tie<'a, i32>>) {
    let (rolled, ranking) = roll_round(ini, dice);
    let places = ranking
        .order
        .iter()
        .enumerate()
        .map(|(k, &i)| place(k + 1, i, &ini.contenders[i], rolled[i], rolled[i].total))
        .collect();
    let ties = ranking.named_ties(|i| rolled[i].total, |i| ini.contenders[i].name.as_str());
    (places, ties)
}

/// seed 002 / PHB: every variant's acting order; the speed factor re-rolls every round.
impl Rule for Initiative {
    type Outcome<'a> = InitiativeOutcome<'a>;

    fn roll<'a>(&'a self, dice: &mut dyn Dice) -> Self::Outcome<'a> {
        let (order, ties) = round(self, dice);
        let mut rounds = Vec::new();
        if self.variant == Variant::Speed {
            rounds.push(RoundOrder { round: 1, order: order.clone(), ties: ties.clone() });
            for r in 2..=self.rounds {
                let (order, ties) = round(self, dice);
                rounds.push(RoundOrder { round: r, order, ties });
            }
        }
        InitiativeOutcome { variant: self.variant, order, ties, rounds }
    }

    fn odds(&self, fallback: Fallback) -> Odds {
        let ini = self;
        let mut odds = Odds::default();
        push_initiative_parts(&mut odds, ini, fallback);
        odds
    }
}

/// Each contender's total as a distribution, enumerated from [`roll_contender`].
/// Contenders that roll the same way with the same net modifier share one enumeration.
pub fn total_dists(ini: &Initiative, fallback: Fallback, method: &mut Method) -> Vec<Dist<i32>> {
    let mut seen: std::collections::BTreeMap<(Option<RollMode>, i32), Dist<i32>> = std::collections::BTreeMap::new();
    ini.contenders
        .iter()
        .map(|c| {
            let shape = (c.die, c.base + sum(&c.modifiers));
            if let Some(dist) = seen.get(&shape) {
                return dist.clone();
            }
            let dist = dist_of(|d| roll_contender(c, d).total, fallback, method);
            seen.insert(shape, dist.clone());
            dist
        })
        .collect()
}

/// Who acts first among the contenders `among` selects: exact when the cast is small enough
/// (see [`first_dist`]), else estimated from seeded runs of [`initiative`] itself.
pub fn first_odds(
    ini: &Initiative,
    totals: &[Dist<i32>],
    among: &[bool],
    fallback: Fallback,
    method: &mut Method,
) -> Dist<Option<usize>> {
    if let Some(dist) = first_dist(ini, totals, among) {
        return dist;
    }
    let n = ini.contenders.len().max(1) as u64;
    let trials = (200_000 / n).clamp(20, fallback.trials.max(20));
    *method = Method { trials: Some(trials), seed: fallback.seed };
    crate::odds::simulate(
        |d| {
            let (_, ranking) = roll_round(ini, d);
            ranking.order.into_iter().find(|&i| among[i])
        },
        trials,
        fallback.seed,
    )
}

/// The contenders as the ranking odds see them: each total's distribution, Dex to break ties
/// (sides have none and go straight to the roll-off), and whether `among` lets it act.
fn rivals(ini: &Initiative, totals: &[Dist<i32>], among: &[bool]) -> Vec<Rival> {
    ini.contenders
        .iter()
        .zip(totals)
        .enumerate()
        .map(|(i, (c, dist))| Rival {
            totals: dist.iter().map(|(t, p)| (i64::from(*t), p.clone())).collect(),
            keys: vec![c.tie_key().map_or(i64::MIN, i64::from)],
            present: if among.get(i).copied().unwrap_or(false) { Prob::one() } else { Prob::zero() },
        })
        .collect()
}

/// Who acts first among the contenders `among` selects, exactly: contender i is first when
/// every other has a lower total, or the same total and lower Dex, or ties it on both and
/// loses the roll-off — the comparison [`settle`] makes — worked out from each contender's
/// totals by [`order::odds::Field`]; `None` when the cast is too large for exact fractions.
pub fn first_dist(ini: &Initiative, totals: &[Dist<i32>], among: &[bool]) -> Option<Dist<Option<usize>>> {
    if !among.iter().any(|&a| a) {
        return Some(Dist::point(None));
    }
    Field::new(&rivals(ini, totals, among), Settle::RollOff(20)).first()
}

/// A contender's totals as counts of equally likely outcomes: `(total, below, at)`.
struct Counts {
    denominator: u64,
    steps: Vec<(i32, u64, u64)>,
}

impl Counts {
    /// `None` if the distribution is not in whole outcomes of its dice (an estimate).
    fn new(c: &Contender, dist: &Dist<i32>) -> Option<Counts> {
        let denominator = match c.die {
            None => 1,
            Some(RollMode::Advantage | RollMode::Disadvantage) => 400,
            Some(_) => 20,
        };
        let mut below = 0;
        let mut steps = Vec::with_capacity(dist.len());
        for (t, p) in dist.iter() {
            let count = (p.to_f64() * denominator as f64).round() as u64;
            if Prob::new(u128::from(count), u128::from(denominator)) != *p {
                return None;
            }
            steps.push((*t, below, count));
            below += count;
        }
        (below == denominator).then_some(Counts { denominator, steps })
    }
}

/// The full acting order, exactly: every combination of totals, settled by [`settle`]
/// (counted in whole outcomes; only combinations with a tie go through the roll-off's odds).
pub fn order_dist(ini: &Initiative, totals: &[Dist<i32>], fallback: Fallback, method: &mut Method) -> Dist<Vec<usize>> {
    let dex: Vec<Option<i32>> = ini.contenders.iter().map(Contender::tie_key).collect();
    let tables: Vec<Counts> =
        match ini.contenders.iter().zip(totals).map(|(c, d)| Counts::new(c, d)).collect::<Option<Vec<_>>>() {
            Some(tables) => tables,
            None => {
                *method = Method { trials: Some(fallback.trials), seed: fallback.seed };
                return crate::odds::simulate(|d| roll_round(ini, d).1.order, fallback.trials, fallback.seed);
            }
        };
    let all: u128 = tables.iter().map(|t| u128::from(t.denominator)).product();
    let mut untied: std::collections::BTreeMap<Vec<usize>, u128> = std::collections::BTreeMap::new();
    let mut tied: Vec<(Vec<usize>, Prob)> = Vec::new();
    let mut pick = vec![0usize; tables.len()];
    'combos: loop {
        let t: Vec<i32> = pick.iter().zip(&tables).map(|(&k, table)| table.steps[k].0).collect();
        let weight: u128 = pick.iter().zip(&tables).map(|(&k, table)| u128::from(table.steps[k].2)).product();
        let mut keys: Vec<(i32, Option<i32>)> = t.iter().copied().zip(dex.iter().copied()).collect();
        keys.sort_unstable();
        if keys.windows(2).all(|w| w[0] != w[1]) {
            // No tie: settle rolls nothing, so there is one path.
            *untied.entry(settle(&t, &dex, &mut NoTies).order).or_default() += weight;
        } else {
            let share = Prob::new(weight, all);
            for (order, p) in dist_of(|d| settle(&t, &dex, d).order, fallback, method).iter() {
                tied.push((order.clone(), p.mul(&share)));
            }
        }
        for (slot, table) in pick.iter_mut().zip(&tables) {
            *slot += 1;
            if *slot < table.steps.len() {
                continue 'combos;
            }
            *slot = 0;
        }
        break;
    }
    Dist::from_pairs(untied.into_iter().map(|(order, count)| (order, Prob::new(count, all))).chain(tied))
}

/// Dice for a [`settle`] without ties, which rolls nothing; should it ask, it gets the
/// lowest faces and the order as given.
struct NoTies;

impl Dice for NoTies {
    fn roll(&mut self, count: u32, sides: u32) -> Roll {
        Roll::new(sides, &vec![1; count.min(crate::dice::MAX_ROLL_DICE as u32) as usize])
    }

    fn roll_off(&mut self, contenders: usize, sides: u32) -> crate::dice::RollOff {
        crate::dice::RollOff { sides, rounds: Vec::new(), order: (0..contenders).collect() }
    }

    fn pool(&mut self, size: i32) -> crate::dice::Pool {
        crate::dice::Pool { size, chance: false, rolls: Vec::new(), again: Vec::new(), successes: 0, dramatic: false }
    }
}

pub fn describe_first(ini: &Initiative, first: &Option<usize>, suffix: &str) -> (serde_json::Value, String) {
    match first {
        Some(i) => {
            let name = &ini.contenders[*i].name;
            (json!(name), format!("{name} {suffix}"))
        }
        None => (serde_json::Value::Null, "nobody: everyone is surprised".to_string()),
    }
}

pub fn describe_order(ini: &Initiative, order: &[usize]) -> (serde_json::Value, String) {
    let names: Vec<&str> = order.iter().map(|&i| ini.contenders[i].name.as_str()).collect();
    (json!(names), names.join(", then "))
}

/// Who acts first; then the full order when there are at most [`FULL_ORDER`] contenders, else
/// each contender's place.
fn push_initiative_parts(odds: &mut Odds, ini: &Initiative, fallback: Fallback) -> Vec<Dist<i32>> {
    let mut method = Method::exact(fallback);
    let totals = total_dists(ini, fallback, &mut method);
    let n = ini.contenders.len();
    let all = vec![true; n];
    let round = if ini.variant == Variant::Speed { " in round 1" } else { "" };
    let first_title = format!("who acts first{round}");
    if n <= FULL_ORDER {
        let first = first_odds(ini, &totals, &all, fallback, &mut method);
        odds.push(Some("first"), first_title, &first, method, |f| describe_first(ini, f, "first"));
        let order = order_dist(ini, &totals, fallback, &mut method);
        odds.push(Some("order"), format!("acting order{round}"), &order, method, |o| describe_order(ini, o));
    } else {
        let run = |d: &mut dyn Dice| {
            let mut places = vec![None; n];
            for (k, &i) in roll_round(ini, d).1.order.iter().enumerate() {
                places[i] = Some(k + 1);
            }
            places
        };
        let standing = standings(&rivals(ini, &totals, &all), 20, n, fallback, run);
        let mut first_method = method;
        first_method.absorb(standing.first_method);
        odds.push(Some("first"), first_title, &standing.first, first_method, |f| describe_first(ini, f, "first"));
        match standing.places {
            Some(mut places) => {
                // Exact only while every contender's totals are.
                places.method.absorb(method);
                let lines: Vec<Line> = ini.contenders.iter().enumerate().map(|(i, c)| Line::one(&c.name, i)).collect();
                push_places(odds, &places, &lines, "does not act");
            }
            None => odds.note(PLACES_NOT_LISTED),
        }
    }
    if ini.variant == Variant::Speed && ini.rounds > 1 {
        odds.note("the speed factor is rolled anew every round with the same actions: every round has these odds");
    }
    totals
}

// ------------------------------------------------------------------------------------------
// Encounter

/// Surprise, then initiative for the same creatures in the same order. `I` is the initiative
/// rule: [`Initiative`] here, 5e2024's own there.
#[derive(Clone, Debug)]
pub struct EncounterInput<I = Initiative> {
    pub surprise: SurpriseInput,
    pub initiative: I,
}

/// The encounter's steps; `S` and `I` are the surprise and initiative outcomes (5e2024 has
/// its own).
#[derive(Clone, Debug, Serialize)]
pub struct EncounterOutcome<'a, S = SurpriseOutcome<'a>, I = InitiativeOutcome<'a>> {
    pub surprise: S,
    pub initiative: I,
    /// The first in the order who is not surprised (for side initiative, the first side
    /// with someone not surprised); null when everyone is. In 5e2024, the first in the order.
    pub first_to_act: Option<&'a str>,
}

/// Whether contender `c` loses its first turn: a creature that is surprised, or a side all
/// of whose members are.
fn contender_surprised(c: &Contender, surprised: &[bool]) -> bool {
    match c.creature {
        Some(i) => surprised[i],
        None => !c.members.is_empty() && c.members.iter().all(|m| surprised[m.creature]),
    }
}

fn mark(order: &mut [Place], contenders: &[Contender], surprised: &[bool]) {
    for place in order {
        let c = &contenders[place.contender];
        if c.creature.is_some() {
            let s = contender_surprised(c, surprised);
            place.surprised = Some(s);
            place.loses_first_turn = Some(s);
        }
        for (member, m) in place.members.iter_mut().zip(&c.members) {
            member.surprised = Some(surprised[m.creature]);
            member.loses_first_turn = Some(surprised[m.creature]);
        }
    }
}

/// seed 004: surprise first, then initiative as usual; the surprised keep their place in the
/// order but lose their first turn.
impl Rule for EncounterInput {
    type Outcome<'a> = EncounterOutcome<'a>;

    fn roll<'a>(&'a self, dice: &mut dyn Dice) -> Self::Outcome<'a> {
        let surprise = Rule::roll(&self.surprise, dice);
        let surprised = surprise.surprised();
        let mut initiative = Rule::roll(&self.initiative, dice);
        let contenders = &self.initiative.contenders;
        mark(&mut initiative.order, contenders, &surprised);
        if let Some(first) = initiative.rounds.first_mut() {
            mark(&mut first.order, contenders, &surprised);
        }
        let first_to_act = initiative
            .order
            .iter()
            .find(|p| !contender_surprised(&contenders[p.contender], &surprised))
            .map(|p| p.name);
        EncounterOutcome { surprise, initiative, first_to_act }
    }

    /// Each creature's surprise, the initiative parts, and who really acts first once the
    /// surprised are skipped (every set of surprised creatures, weighted by its probability).
    fn odds(&self, fallback: Fallback) -> Odds {
        let input = self;
        let mut odds = Odds::default();
        push_surprise_parts(&mut odds, &input.surprise, fallback);
        let ini = &input.initiative;
        let totals = push_initiative_parts(&mut odds, ini, fallback);
        let mut method = Method::exact(fallback);
        let lowest = lowest_stealth_dist(&input.surprise, fallback, &mut method);
        let sets: Dist<Vec<bool>> = lowest
            .map(|&l| (0..input.surprise.creatures.len()).map(|i| judge(&input.surprise, i, l).surprised).collect());
        let first = sets.and_then(|surprised| {
            let able: Vec<bool> = ini.contenders.iter().map(|c| !contender_surprised(c, surprised)).collect();
            first_odds(ini, &totals, &able, fallback, &mut method)
        });
        odds.push(Some("first to act"), "who acts first once the surprised lose their turn", &first, method, |f| {
            describe_first(ini, f, "acts first")
        });
        odds
    }
}

// ------------------------------------------------------------------------------------------
// Helpers

pub fn is_one(n: &u32) -> bool {
    *n == 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::SeededDice;
    use crate::odds::enumerate;

    fn fallback() -> Fallback {
        Fallback { seed: 1, trials: 10_000 }
    }

    fn creature(name: &str, side: usize) -> Creature {
        Creature { name: name.to_string(), count: 1, side, per: DEFAULT_PASSIVE_PERCEPTION, ..Creature::default() }
    }

    fn net(text: &str) -> i32 {
        parse_action(text).unwrap().net()
    }

    #[test]
    fn seed_002_speed_factor_examples() {
        // The paladin casts a 2nd-level spell as a bonus action and attacks with a shortsword: +0.
        let paladin = parse_action("spell:2+light").unwrap();
        let shown: Vec<(i32, &str)> = paladin.modifiers.iter().map(|m| (m.value, m.source.as_str())).collect();
        assert_eq!(shown, [(-2, "spell level 2"), (2, "light weapon")]);
        assert_eq!(paladin.net(), 0);
        // The rogue fighting with two daggers gets the light-weapon +2 once.
        let rogue = parse_action("light+light").unwrap();
        assert_eq!(rogue.net(), 2);
        assert_eq!(rogue.ignored, ["light: one +2 for light or finesse"]);
        // A two-handed heavy melee weapon takes both penalties.
        assert_eq!(net("heavy+two-handed"), -4);
    }

    #[test]
    fn every_action_row() {
        for (text, expected) in [
            ("spell:0", 0),
            ("spell:1", -1),
            ("spell:9", -9),
            ("heavy", -2),
            ("light", 2),
            ("finesse", 2),
            ("two-handed", -2),
            ("loading", -5),
            ("-5", -5),
            ("3", 3),
            ("+3", 3),
            ("light+-5", -3),
            ("light++3", 5),
            ("Heavy+LIGHT", 0),
        ] {
            assert_eq!(net(text), expected, "{text}");
        }
    }

    #[test]
    fn the_same_modifier_never_applies_twice() {
        assert_eq!(net("heavy+heavy"), -2);
        assert_eq!(net("light+finesse"), 2);
        assert_eq!(net("finesse+light+finesse"), 2);
        assert_eq!(net("loading+loading"), -5);
        assert_eq!(net("two-handed+two-handed"), -2);
        assert_eq!(net("-5+-5"), -5);
        assert_eq!(net("-5+-2"), -7);
        // Only the highest-level spell counts, whatever the order.
        assert_eq!(net("spell:1+spell:3"), -3);
        assert_eq!(net("spell:3+spell:1+spell:3"), -3);
        assert_eq!(parse_action("spell:3+spell:1+spell:3").unwrap().ignored.len(), 2);
    }

    #[test]
    fn bad_actions_are_refused_with_what_is_allowed() {
        for (text, says) in [
            ("slash", "unknown action 'slash'; write spell:LEVEL"),
            ("light+", "has an empty part"),
            ("", "has an empty part"),
            ("spell", "'spell' needs its level"),
            ("spell:10", "'spell:10' is not a spell level"),
            ("spell:x", "'spell:x' is not a spell level"),
            ("21", "'21' is out of range"),
            ("light+-21", "'-21' is out of range"),
        ] {
            let err = parse_action(text).unwrap_err();
            assert!(err.contains(says), "{text}: {err}");
        }
    }

    #[test]
    fn every_size_row() {
        let rows: Vec<(&str, i32)> = Size::WORDS.iter().map(|w| (*w, Size::from_word(w).unwrap().modifier())).collect();
        assert_eq!(rows, [("tiny", 5), ("small", 2), ("medium", 0), ("large", -2), ("huge", -5), ("gargantuan", -8)]);
        assert_eq!(Size::from_word("Huge"), Some(Size::Huge));
        assert_eq!(Size::from_word("colossal"), None);
        assert_eq!(Size::default().word(), "medium");
    }

    fn ambush(pers: &[(&str, i32)], hiders: Vec<Stealth>, ties: StealthTies) -> SurpriseInput {
        let creatures: Vec<Creature> = pers.iter().map(|&(name, per)| Creature { per, ..creature(name, 0) }).collect();
        SurpriseInput {
            sides: vec!["party".into(), "monsters".into()],
            hiding: vec![false; creatures.len()],
            creatures,
            hiders: hiders
                .into_iter()
                .enumerate()
                .map(|(i, stealth)| Hider { name: format!("hider {}", i + 1), stealth })
                .collect(),
            ties,
            both_surprised: false,
        }
    }

    fn verdicts<'a>(out: &SurpriseOutcome<'a>) -> Vec<(&'a str, bool, bool)> {
        out.creatures.iter().map(|c| (c.name, c.judged.surprised, c.judged.borderline)).collect()
    }

    const PARTY: [(&str, i32); 4] = [("Elf", 16), ("Fighter", 12), ("Wizard", 10), ("Halfling", 14)];

    #[test]
    fn seed_004_goblin_ambush() {
        // Four goblins with passive Stealth 14.
        let input = ambush(&PARTY, vec![Stealth::Total(14)], StealthTies::Noticed);
        let out = Rule::roll(&input, &mut SeededDice::new(1));
        assert_eq!(
            verdicts(&out),
            [("Elf", false, false), ("Fighter", true, false), ("Wizard", true, false), ("Halfling", false, true)]
        );
        assert_eq!(out.verdict, Verdict::Surprised);
        assert_eq!(out.effect, Some(SURPRISED_EFFECT));
        // The halfling is the referee's call: ruled the other way, surprised, still borderline.
        let input = ambush(&PARTY, vec![Stealth::Total(14)], StealthTies::Surprised);
        let out = Rule::roll(&input, &mut SeededDice::new(1));
        assert!(out.creatures[3].judged.surprised && out.creatures[3].judged.borderline);
    }

    #[test]
    fn noticing_any_hider_is_enough() {
        let input = ambush(&PARTY, vec![Stealth::Total(20), Stealth::Total(11)], StealthTies::Noticed);
        let out = Rule::roll(&input, &mut SeededDice::new(1));
        assert_eq!(out.lowest_stealth, Some(11));
        assert_eq!(
            verdicts(&out),
            [("Elf", false, false), ("Fighter", false, false), ("Wizard", true, false), ("Halfling", false, false)]
        );
    }

    #[test]
    fn alert_creatures_are_never_surprised() {
        let mut input = ambush(&[("Rogue", 1)], vec![Stealth::Total(30)], StealthTies::Surprised);
        input.creatures[0].alert = true;
        let out = Rule::roll(&input, &mut SeededDice::new(1));
        assert_eq!((out.creatures[0].judged.surprised, out.creatures[0].judged.reason), (false, Reason::Alert));
        assert_eq!(out.verdict, Verdict::NoneSurprised);
        input.both_surprised = true;
        input.hiders.clear();
        let out = Rule::roll(&input, &mut SeededDice::new(1));
        assert_eq!(out.creatures[0].judged.reason, Reason::Alert);
    }

    #[test]
    fn both_sides_surprised_lose_the_first_round() {
        let mut input = ambush(&[("Elf", 30), ("Orc", 1)], Vec::new(), StealthTies::Noticed);
        input.both_surprised = true;
        input.creatures[1].side = 1;
        let out = Rule::roll(&input, &mut SeededDice::new(1));
        assert!(out.creatures.iter().all(|c| c.judged.surprised && c.judged.reason == Reason::BothSurprised));
        assert_eq!((out.verdict, out.effect), (Verdict::BothSidesSurprised, Some(BOTH_EFFECT)));
    }

    fn part(odds: &Odds, name: &str) -> Vec<String> {
        odds.entries
            .iter()
            .filter(|e| e.part.as_deref() == Some(name))
            .map(|e| format!("{} {}", e.label, e.prob))
            .collect()
    }

    #[test]
    fn rolled_stealth_odds_by_hand() {
        // d20 + 0 against passive Perception 10: above 10 on 11-20, equal on 10.
        let input = ambush(&[("Elf", 10)], vec![Stealth::Rolls(0)], StealthTies::Noticed);
        let odds = Rule::odds(&input, fallback());
        assert_eq!(
            part(&odds, "Elf"),
            ["noticed 9/20", "noticed, borderline (Stealth = passive Perception) 1/20", "surprised 1/2"]
        );
        // Two such hiders: surprised only if both beat 10, (1/2)^2; the lowest equals 10 with
        // (11/20)^2 - (10/20)^2 = 21/400.
        let input = ambush(&[("Elf", 10)], vec![Stealth::Rolls(0), Stealth::Rolls(0)], StealthTies::Surprised);
        let odds = Rule::odds(&input, fallback());
        assert_eq!(
            part(&odds, "Elf"),
            ["noticed 279/400", "surprised 1/4", "surprised, borderline (Stealth = passive Perception) 21/400"]
        );
        // Given totals only: certain.
        let input = ambush(&PARTY, vec![Stealth::Total(14)], StealthTies::Noticed);
        let odds = Rule::odds(&input, fallback());
        assert_eq!(part(&odds, "Fighter"), ["surprised 1"]);
        assert_eq!(part(&odds, "Halfling"), ["noticed, borderline (Stealth = passive Perception) 1"]);
    }

    fn lineup(variant: Variant, creatures: Vec<Creature>) -> Initiative {
        Initiative::new(&InitiativeInput {
            variant,
            sides: vec!["party".into(), "monsters".into(), "wolves".into()],
            creatures,
            rounds: 1,
        })
    }

    fn with(name: &str, f: impl FnOnce(&mut Creature)) -> Creature {
        let mut c = creature(name, 0);
        f(&mut c);
        c
    }

    #[test]
    fn advantage_keeps_the_higher_of_two_separate_d20s() {
        let ini = lineup(Variant::Standard, vec![with("A", |c| c.mode = RollMode::Advantage)]);
        let kept = enumerate(|d| roll_contender(&ini.contenders[0], d).total).unwrap();
        for (k, p) in kept.iter() {
            assert_eq!(*p, Prob::new(2 * *k as u128 - 1, 400), "advantage keeps {k}");
        }
        let ini = lineup(Variant::Standard, vec![with("A", |c| c.mode = RollMode::Disadvantage)]);
        let kept = enumerate(|d| roll_contender(&ini.contenders[0], d).total).unwrap();
        for (k, p) in kept.iter() {
            assert_eq!(*p, Prob::new(41 - 2 * *k as u128, 400), "disadvantage keeps {k}");
        }
        let ini = lineup(Variant::Standard, vec![with("A", |c| c.mode = RollMode::from_keys(true, true))]);
        assert_eq!(enumerate(|d| roll_contender(&ini.contenders[0], d).total).unwrap().len(), 20);
    }

    fn first_odds(ini: &Initiative) -> Vec<String> {
        part(&Rule::odds(ini, fallback()), "first")
    }

    #[test]
    fn first_place_fractions_by_hand() {
        // +1 against +0, equal Dex: A wins outright on dB <= dA (210/400); on dA + 1 = dB
        // (19/400) the tie goes to a roll-off: 210/400 + 19/800 = 439/800.
        let ini = lineup(Variant::Standard, vec![with("A", |c| c.init = Some(1)), creature("B", 0)]);
        assert_eq!(first_odds(&ini), ["A first 439/800", "B first 361/800"]);
        // Dex +1 against +0: the same ties now go to the higher Dex: 229/400.
        let ini = lineup(Variant::Standard, vec![with("A", |c| c.dex = 1), creature("B", 0)]);
        assert_eq!(first_odds(&ini), ["A first 229/400", "B first 171/400"]);
        // Advantage against a plain d20: sum (2k-1)(k-1)/8000 + half of the ties = 533/800.
        let ini = lineup(Variant::Standard, vec![with("A", |c| c.mode = RollMode::Advantage), creature("B", 0)]);
        assert_eq!(first_odds(&ini), ["A first 533/800", "B first 267/800"]);
        // Alert: +5.
        let ini = lineup(Variant::Score, vec![with("A", |c| c.alert = true), with("B", |c| c.dex = 4)]);
        assert_eq!(first_odds(&ini), ["A first 1"]);
    }

    /// Who acts first by brute force: every path of the rule itself, roll-offs included.
    fn brute_first(ini: &Initiative) -> Dist<Option<usize>> {
        enumerate(|d| Rule::roll(ini, d).order.first().map(|p| p.contender)).unwrap()
    }

    #[test]
    fn exact_first_place_agrees_with_enumerating_the_rule() {
        let cases = vec![
            vec![with("A", |c| c.dex = 2), with("B", |c| c.dex = 2), with("C", |c| c.init = Some(2))],
            vec![with("A", |c| c.mode = RollMode::Advantage), with("B", |c| c.dex = 3)],
            vec![with("A", |c| c.mode = RollMode::Disadvantage), with("B", |c| c.alert = true)],
            vec![creature("A", 0), creature("B", 0), creature("C", 0)],
        ];
        for creatures in cases {
            let ini = lineup(Variant::Standard, creatures);
            let totals = total_dists(&ini, fallback(), &mut Method::exact(fallback()));
            let all = vec![true; ini.contenders.len()];
            assert_eq!(first_dist(&ini, &totals, &all), Some(brute_first(&ini)));
            let full =
                enumerate(|d| Rule::roll(&ini, d).order.iter().map(|p| p.contender).collect::<Vec<_>>()).unwrap();
            assert_eq!(order_dist(&ini, &totals, fallback(), &mut Method::exact(fallback())), full);
        }
        let sides = lineup(Variant::Side, vec![creature("Elf", 0)]);
        let totals = total_dists(&sides, fallback(), &mut Method::exact(fallback()));
        assert_eq!(first_dist(&sides, &totals, &[true; 3]), Some(brute_first(&sides)));
    }

    #[test]
    fn sides_roll_plain_d20s_and_reroll_ties() {
        let ini = lineup(Variant::Side, vec![with("Rogue", |c| c.dex = 4)]);
        assert!(ini.contenders.iter().all(|c| c.modifiers.is_empty() && c.dex.is_none()));
        assert_eq!(ini.contenders[0].members.len(), 1);
        let odds = Rule::odds(&ini, fallback());
        assert_eq!(part(&odds, "first"), ["party first 1/3", "monsters first 1/3", "wolves first 1/3"]);
        assert_eq!(part(&odds, "order").len(), 6);
        assert!(odds.entries.iter().filter(|e| e.part.as_deref() == Some("order")).all(|e| e.prob == Prob::new(1, 6)));
    }

    #[test]
    fn score_is_ten_plus_the_modifier_and_ties_go_by_dex_then_a_roll_off() {
        let ini = lineup(
            Variant::Score,
            vec![
                with("A", |c| c.dex = 2),
                with("B", |c| {
                    c.dex = 3;
                    c.init = Some(2)
                }),
                with("C", |c| c.dex = 2),
                with("D", |c| c.mode = RollMode::Disadvantage),
            ],
        );
        let out = Rule::roll(&ini, &mut SeededDice::new(3));
        let totals: Vec<(&str, i32)> = out.order.iter().map(|p| (p.name, p.total)).collect();
        assert_eq!(totals[0], ("B", 12));
        assert_eq!(totals[3], ("D", 5));
        assert_eq!(out.ties.len(), 1);
        assert_eq!(out.ties[0].by, [&DEX]);
        assert_eq!(out.ties[0].roll_offs[0].names.len(), 2);
        let odds = Rule::odds(&ini, fallback());
        assert_eq!(part(&odds, "first"), ["B first 1"]);
    }

    #[test]
    fn groups_roll_once_and_are_one_entry() {
        let ini = lineup(Variant::Standard, vec![Creature { count: 4, ..creature("Goblin", 1) }, creature("Elf", 0)]);
        let out = Rule::roll(&ini, &mut SeededDice::new(5));
        assert_eq!(out.order.len(), 2);
        let goblin = out.order.iter().find(|p| p.name == "Goblin").unwrap();
        assert_eq!((goblin.count, goblin.rolls.len()), (4, 1));
    }

    #[test]
    fn speed_factor_rolls_every_round_with_action_and_size() {
        let mut ini = lineup(
            Variant::Speed,
            vec![with("Ogre", |c| {
                c.dex = -1;
                c.size = Size::Large;
                c.action = Some(parse_action("heavy+two-handed").unwrap());
            })],
        );
        ini.rounds = 3;
        let out = Rule::roll(&ini, &mut SeededDice::new(8));
        assert_eq!(out.rounds.len(), 3);
        for round in &out.rounds {
            let ogre = &round.order[0];
            // d20 -1 Dex -2 heavy -2 two-handed -2 large.
            assert_eq!(ogre.total, ogre.d20.unwrap() as i32 - 7, "round {}", round.round);
        }
        assert_eq!(out.order[0].total, out.rounds[0].order[0].total);
    }

    #[test]
    fn encounter_marks_the_surprised_and_skips_them_for_first_to_act() {
        let mut surprise = ambush(&[("Elf", 16), ("Fighter", 1)], vec![Stealth::Total(14)], StealthTies::Noticed);
        surprise.creatures.push(Creature { count: 2, ..creature("Goblin", 1) });
        surprise.hiding.push(true);
        let initiative = lineup(Variant::Standard, surprise.creatures.clone());
        let input = EncounterInput { surprise, initiative };
        let out = Rule::roll(&input, &mut SeededDice::new(2));
        let fighter = out.initiative.order.iter().find(|p| p.name == "Fighter").unwrap();
        assert_eq!((fighter.surprised, fighter.loses_first_turn), (Some(true), Some(true)));
        assert_ne!(out.first_to_act, Some("Fighter"));
        let odds = Rule::odds(&input, fallback());
        let first: Vec<String> = part(&odds, "first to act");
        assert_eq!(first.len(), 2, "{first:?}");
        assert!(first.iter().all(|line| !line.starts_with("Fighter")));
        assert_eq!(part(&odds, "Fighter"), ["surprised 1"]);
        for name in ["Elf", "Fighter", "first", "order", "first to act"] {
            let total = Prob::sum(odds.entries.iter().filter(|e| e.part.as_deref() == Some(name)).map(|e| &e.prob));
            assert_eq!(total, Prob::one(), "{name}");
        }
    }
}
