//! GURPS 4th edition (seed 001 and the Basic Set): total and partial surprise with the
//! recovery rolls that follow, turn order by Basic Speed, and the reaction table.
//!
//! Every IQ roll goes through [`success_roll`]; every recovery goes through [`recover`] when
//! rolled and through [`recovery_dist`] when its odds are asked, and both take each turn's
//! target from [`recovery_target`], so the rolls and the odds cannot disagree.

use crate::cast::Hundredths;
use crate::dice::{Dice, Roll};
use crate::odds::{Dist, Fallback, Method, Odds, dist_of, exact_or_estimate};
use crate::order::odds::{self as ranking, Line, PLACES_NOT_LISTED, Rival, push_places};
use crate::order::{self, KeyName, Settle, Tie, TieKey};
pub use crate::outcome::ReactionOutcome;
use crate::outcome::{Modifier, is_zero, join, sum};
use crate::prob::Prob;
use crate::rulesets::Rule;
use serde::Serialize;
use serde_json::json;
use std::collections::BTreeMap;

pub const DEFAULT_IQ: i32 = 10;
pub const DEFAULT_DX: i32 = 10;
/// Basic Speed 5.00, the human average.
pub const DEFAULT_SPEED: Hundredths = Hundredths(500);
/// Turns of recovery rolls followed before a combatant is called out of the fight.
pub const DEFAULT_ROUNDS: u32 = 20;
/// Turns of recovery that `--odds` lists one by one (a minute of combat); later turns are
/// lumped into the last outcome, "still stunned after 60 turns".
pub const ODDS_TURNS: u32 = 60;
/// Recovery outcomes `--odds` lists over all the parts: a cast of thousands lists fewer turns
/// one by one, so that the answer stays small.
const ODDS_RECOVERY_OUTCOMES: usize = 200_000;
/// Combatants whose every turn order `--odds` lists; past this, who acts first and each place.
const FULL_ORDER: usize = 3;

// ------------------------------------------------------------------------------------------
// The cast as the rules see it

/// One combatant (a member of a group counts as one).
#[derive(Clone, Debug)]
pub struct Fighter {
    pub name: String,
    /// Index into [`Fight::teams`].
    pub side: usize,
    /// Index into [`Fight::entries`]: the members of a group share one.
    pub entry: usize,
    pub iq: i32,
    /// Combat Reflexes.
    pub cr: bool,
    /// Basic Speed.
    pub speed: Hundredths,
    pub dx: i32,
}

/// A line of the cast as written: one combatant, or a group of alike ones (`Orc*3`).
#[derive(Clone, Debug)]
pub struct Entry {
    pub name: String,
    pub count: u32,
    /// The first of its members in [`Fight::fighters`]; members follow in order.
    pub first: usize,
}

/// The leader who rolls for a side's initiative in a partial surprise.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Leader {
    /// The combatant who leads; `None` for a side without combatants, led as its side keys say.
    pub name: Option<String>,
    /// No combatant of the side is marked `leader`, so the first listed leads.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub first_listed: bool,
    pub iq: i32,
    /// Combat Reflexes.
    pub cr: bool,
    /// Tactics skill level (0: none).
    #[serde(skip_serializing_if = "is_zero")]
    pub tactics: i32,
}

/// A side, with what its initiative roll needs.
#[derive(Clone, Debug)]
pub struct Team {
    pub name: String,
    /// `None`: a leaderless side, for which the GM rolls.
    pub leader: Option<Leader>,
    /// Someone on the side has Combat Reflexes (side key `cr`, or a combatant's `cr`).
    pub cr: bool,
    /// Combatants other than the leader who have Combat Reflexes, to name the bonus.
    pub cr_names: Vec<String>,
    /// The group's IQ, for the leaderless exemption.
    pub group_iq: i32,
    pub animals: bool,
    /// The GM's modifier (`mod=N`).
    pub modifier: i32,
}

/// Sides and combatants, resolved.
#[derive(Clone, Debug, Default)]
pub struct Fight {
    pub teams: Vec<Team>,
    pub fighters: Vec<Fighter>,
    pub entries: Vec<Entry>,
}

impl Fight {
    fn members(&self, entry: &Entry) -> impl Iterator<Item = &Fighter> {
        self.fighters[entry.first..entry.first + entry.count as usize].iter()
    }
}

// ------------------------------------------------------------------------------------------
// Success rolls

/// Basic Set: 3d6 at or under the target succeeds; 3 and 4 always succeed, 17 and 18 always fail.
pub fn succeeds(total: u32, target: i32) -> bool {
    match total {
        ..=4 => true,
        17.. => false,
        t => t as i32 <= target,
    }
}

/// One success roll: 3d6 against a target.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct SuccessRoll {
    pub roll: Roll,
    pub target: i32,
    pub success: bool,
    /// A 3–4 or 17–18 decided it against the target.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub automatic: bool,
}

pub fn success_roll(target: i32, dice: &mut dyn Dice) -> SuccessRoll {
    let roll = dice.roll(3, 6);
    let success = succeeds(roll.total, target);
    SuccessRoll { roll, target, success, automatic: success != (roll.total as i32 <= target) }
}

/// The chance of a success roll against `target`, from [`success_roll`] itself.
fn success_chance(target: i32, fallback: Fallback, method: &mut Method) -> Prob {
    dist_of(|d| success_roll(target, d).success, fallback, method).prob(|&s| s)
}

/// Success chances by target, each enumerated once; `method` says whether all were exact.
struct Chances {
    by_target: BTreeMap<i32, Prob>,
    fallback: Fallback,
    method: Method,
}

impl Chances {
    fn new(fallback: Fallback) -> Chances {
        Chances { by_target: BTreeMap::new(), fallback, method: Method::exact(fallback) }
    }

    fn of(&mut self, target: i32) -> Prob {
        let (fallback, method) = (self.fallback, &mut self.method);
        self.by_target.entry(target).or_insert_with(|| success_chance(target, fallback, method)).clone()
    }
}

// ------------------------------------------------------------------------------------------
// Recovery

/// How a surprised combatant is caught.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Shock {
    /// Total surprise without Combat Reflexes: frozen for the freeze, then IQ rolls at base IQ.
    Frozen,
    /// Partial surprise, or total surprise with Combat Reflexes: IQ rolls from the first
    /// turn, +1 on the 2nd turn, +2 on the 3rd…
    Stunned,
}

/// The IQ-roll target on `turn` and the bonuses behind it.
pub fn recovery_target(iq: i32, cr: bool, shock: Shock, turn: u32) -> (i32, Vec<Modifier>) {
    let mut bonuses = Vec::new();
    if cr {
        // seed 001: Combat Reflexes gives +6 to every IQ roll to recover from surprise.
        bonuses.push(Modifier::new(6, "Combat Reflexes"));
    }
    if shock == Shock::Stunned && turn > 1 {
        // seed 001: partial surprise, +1 on the 2nd turn, +2 on the 3rd and so on.
        bonuses.push(Modifier::new(turn.saturating_sub(1).min(i32::MAX as u32) as i32, format!("turn {turn}")));
    }
    (iq.saturating_add(sum(&bonuses)), bonuses)
}

/// One IQ roll to recover, at the start of a turn.
#[derive(Clone, Debug, Serialize)]
pub struct RecoveryRoll {
    pub turn: u32,
    /// Bonuses to IQ that make up the target.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub modifiers: Vec<Modifier>,
    #[serde(flatten)]
    pub check: SuccessRoll,
}

/// The IQ rolls of a surprised combatant from `first_turn` up to `rounds`, until one succeeds.
/// Returns the rolls and the turn it acts normally from (`None`: still stunned after `rounds`).
pub fn recover(
    iq: i32,
    cr: bool,
    shock: Shock,
    first_turn: u32,
    rounds: u32,
    dice: &mut dyn Dice,
) -> (Vec<RecoveryRoll>, Option<u32>) {
    let mut rolls = Vec::new();
    for turn in first_turn..=rounds {
        let (target, modifiers) = recovery_target(iq, cr, shock, turn);
        let check = success_roll(target, dice);
        rolls.push(RecoveryRoll { turn, modifiers, check });
        if check.success {
            // seed 001: on a success it still Does Nothing this turn, and acts from the next.
            return (rolls, Some(turn + 1));
        }
    }
    (rolls, None)
}

/// When a combatant acts normally: from a turn, or not within the turns followed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Recovered {
    From(u32),
    Never,
}

/// The distribution of [`recover`]'s result, turn by turn, each turn's chance enumerated
/// from the same success roll. Only the still-stunned state goes on to the next turn, so
/// a long cap costs one step a turn.
fn recovery_dist(
    iq: i32,
    cr: bool,
    shock: Shock,
    first_turn: u32,
    rounds: u32,
    chances: &mut Chances,
) -> Dist<Recovered> {
    let mut settled = Vec::new();
    let mut still = Prob::one();
    for turn in first_turn..=rounds {
        let (target, _) = recovery_target(iq, cr, shock, turn);
        let p = chances.of(target);
        settled.push((Recovered::From(turn + 1), still.mul(&p)));
        still = still.mul(&p.complement());
    }
    settled.push((Recovered::Never, still));
    Dist::from_pairs(settled)
}

// ------------------------------------------------------------------------------------------
// Surprise

/// Total or partial surprise.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// The two sides' leaders roll for the initiative.
    Partial,
    /// Side `attackers` falls on the others completely unawares.
    Total { attackers: usize },
}

#[derive(Clone, Debug)]
pub struct SurpriseInput {
    pub fight: Fight,
    pub kind: Kind,
    /// Turns of recovery rolls to follow.
    pub rounds: u32,
}

/// The modifiers to `team`'s leader roll against `other` (seed 001, partial surprise).
pub fn leader_modifiers(team: &Team, other: &Team) -> Vec<Modifier> {
    let mut mods = Vec::new();
    match &team.leader {
        Some(leader) => {
            // seed 001: +2 for a leader with Combat Reflexes, else +1 if anyone on the side has them; never both.
            if leader.cr {
                mods.push(Modifier::new(2, "leader's Combat Reflexes"));
            } else if team.cr {
                let source = match team.cr_names.as_slice() {
                    [] => "Combat Reflexes on the side".to_string(),
                    names => format!("Combat Reflexes on the side ({})", join(&refs(names))),
                };
                mods.push(Modifier::new(1, source));
            }
            // seed 001: +1 for the leader with the higher IQ (only between two leaders).
            if let Some(theirs) = &other.leader {
                if leader.iq > theirs.iq {
                    mods.push(Modifier::new(1, format!("higher IQ ({} vs {})", leader.iq, theirs.iq)));
                }
            }
            // seed 001: +1 for any Tactics, +2 at Tactics 20+.
            match leader.tactics {
                20.. => mods.push(Modifier::new(2, format!("Tactics {} (20+)", leader.tactics))),
                1.. => mods.push(Modifier::new(1, format!("Tactics {}", leader.tactics))),
                _ => {}
            }
        }
        None => {
            // seed 001: no leader, the GM rolls at -2; not for animals or a group of IQ 5 or less.
            if team.animals {
                mods.push(Modifier::new(0, "leaderless, but animals: no penalty"));
            } else if team.group_iq <= 5 {
                mods.push(Modifier::new(0, format!("leaderless, but IQ {}: no penalty", team.group_iq)));
            } else {
                mods.push(Modifier::new(-2, "leaderless (the GM rolls)"));
            }
        }
    }
    if team.modifier != 0 {
        mods.push(Modifier::new(team.modifier, "GM's modifier"));
    }
    mods
}

fn refs(names: &[String]) -> Vec<&str> {
    names.iter().map(String::as_str).collect()
}

/// The leaders' contest of a partial surprise: each side's 1d + modifiers; higher wins.
fn contest(modifiers: [i32; 2], dice: &mut dyn Dice) -> ([Roll; 2], Option<usize>) {
    let rolls = [dice.roll(1, 6), dice.roll(1, 6)];
    let totals = [rolls[0].total as i32 + modifiers[0], rolls[1].total as i32 + modifiers[1]];
    let winner = match totals[0].cmp(&totals[1]) {
        std::cmp::Ordering::Greater => Some(0),
        std::cmp::Ordering::Less => Some(1),
        // seed 001: a tie surprises nobody.
        std::cmp::Ordering::Equal => None,
    };
    (rolls, winner)
}

/// The 1d freeze of a total surprise, in seconds.
fn freeze_roll(dice: &mut dyn Dice) -> Roll {
    dice.roll(1, 6)
}

/// A side of the surprise and, in a partial surprise, its leader's roll.
#[derive(Clone, Debug, Serialize)]
pub struct SideSurprise<'a> {
    pub name: &'a str,
    pub surprised: bool,
    /// The leader who rolls (partial surprise; absent for a leaderless side).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub leader: Option<&'a Leader>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub leaderless: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub roll: Option<Roll>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub modifiers: Vec<Modifier>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub total: Option<i32>,
}

/// The freeze of a total surprise.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Freeze {
    pub roll: Roll,
    pub seconds: u32,
}

/// One combatant after the surprise.
#[derive(Clone, Debug, Serialize)]
pub struct CombatantSurprise<'a> {
    pub name: &'a str,
    pub side: &'a str,
    pub iq: i32,
    pub cr: bool,
    pub surprised: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shock: Option<Shock>,
    /// Seconds (turns) frozen before the first IQ roll.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub frozen: Option<u32>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub recovery: Vec<RecoveryRoll>,
    /// The turn it acts normally from: 1 when not surprised, null when still stunned
    /// after the turns followed.
    pub acts_from_turn: Option<u32>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum KindWord {
    Partial,
    Total,
}

#[derive(Clone, Debug, Serialize)]
pub struct SurpriseOutcome<'a> {
    pub kind: KindWord,
    /// Total surprise: the side that attacks.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub attackers: Option<&'a str>,
    pub sides: Vec<SideSurprise<'a>>,
    /// Partial surprise: the side that won the initiative, null on a tie.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub winner: Option<Option<&'a str>>,
    /// Total surprise: the freeze, null when nobody freezes (everyone has Combat Reflexes).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub freeze: Option<Option<Freeze>>,
    pub combatants: Vec<CombatantSurprise<'a>>,
    /// Turns of recovery rolls followed.
    pub rounds: u32,
}

impl SurpriseOutcome<'_> {
    /// The turn each combatant acts from, in cast order.
    pub fn acts_from(&self) -> Vec<Option<u32>> {
        self.combatants.iter().map(|c| c.acts_from_turn).collect()
    }
}

/// How `fighter` is caught: `None` when it is not surprised.
fn shock_of(kind: Kind, loser: Option<usize>, fighter: &Fighter) -> Option<Shock> {
    match kind {
        Kind::Partial => (loser == Some(fighter.side)).then_some(Shock::Stunned),
        Kind::Total { attackers } if fighter.side == attackers => None,
        // seed 001: Combat Reflexes never freeze; for them total surprise is partial.
        Kind::Total { .. } if fighter.cr => Some(Shock::Stunned),
        Kind::Total { .. } => Some(Shock::Frozen),
    }
}

fn partial_modifiers(fight: &Fight) -> [Vec<Modifier>; 2] {
    [leader_modifiers(&fight.teams[0], &fight.teams[1]), leader_modifiers(&fight.teams[1], &fight.teams[0])]
}

/// seed 001: surprise, total or partial, and every surprised combatant's recovery.
impl Rule for SurpriseInput {
    type Outcome<'a> = SurpriseOutcome<'a>;

    fn roll<'a>(&'a self, dice: &mut dyn Dice) -> Self::Outcome<'a> {
        let input = self;
        let fight = &input.fight;
        let mut sides: Vec<SideSurprise<'a>> = fight
            .teams
            .iter()
            .map(|t| SideSurprise {
                name: &t.name,
                surprised: false,
                leader: None,
                leaderless: false,
                roll: None,
                modifiers: Vec::new(),
                total: None,
            })
            .collect();
        let mut winner = None;
        let mut freeze = None;
        let mut loser = None;
        let mut attackers = None;
        match input.kind {
            Kind::Partial => {
                let modifiers = partial_modifiers(fight);
                let (rolls, won) = contest([sum(&modifiers[0]), sum(&modifiers[1])], dice);
                for (i, mods) in modifiers.into_iter().enumerate() {
                    let side = &mut sides[i];
                    side.leader = fight.teams[i].leader.as_ref();
                    side.leaderless = side.leader.is_none();
                    side.roll = Some(rolls[i]);
                    side.total = Some(rolls[i].total as i32 + sum(&mods));
                    side.modifiers = mods;
                }
                loser = won.map(|w| 1 - w);
                if let Some(l) = loser {
                    sides[l].surprised = true;
                }
                winner = Some(won.map(|w| fight.teams[w].name.as_str()));
            }
            Kind::Total { attackers: a } => {
                attackers = Some(fight.teams[a].name.as_str());
                for (i, side) in sides.iter_mut().enumerate() {
                    side.surprised = i != a;
                }
                let anyone_freezes =
                    fight.fighters.iter().any(|f| shock_of(input.kind, None, f) == Some(Shock::Frozen));
                freeze = Some(anyone_freezes.then(|| {
                    let roll = freeze_roll(dice);
                    Freeze { roll, seconds: roll.total }
                }));
            }
        }
        let seconds = freeze.flatten().map_or(0, |f| f.seconds);
        let combatants = fight
            .fighters
            .iter()
            .map(|f| {
                let shock = shock_of(input.kind, loser, f);
                let (frozen, first_turn) = match shock {
                    Some(Shock::Frozen) => (Some(seconds), seconds + 1),
                    _ => (None, 1),
                };
                let (recovery, acts_from_turn) = match shock {
                    Some(shock) => recover(f.iq, f.cr, shock, first_turn, input.rounds, dice),
                    None => (Vec::new(), Some(1)),
                };
                CombatantSurprise {
                    name: &f.name,
                    side: &fight.teams[f.side].name,
                    iq: f.iq,
                    cr: f.cr,
                    surprised: shock.is_some(),
                    shock,
                    frozen,
                    recovery,
                    acts_from_turn,
                }
            })
            .collect();
        SurpriseOutcome {
            kind: match input.kind {
                Kind::Partial => KindWord::Partial,
                Kind::Total { .. } => KindWord::Total,
            },
            attackers,
            sides,
            winner,
            freeze,
            combatants,
            rounds: input.rounds,
        }
    }

    fn odds(&self, fallback: Fallback) -> Odds {
        let mut odds = Odds::default();
        push_surprise_odds(self, fallback, &mut odds);
        odds
    }
}

/// What the first part of the surprise odds is about: the winner, or the freeze.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Opening {
    /// Partial: the winning side, or a tie.
    Winner(Won),
    /// Total: the freeze in seconds (0: nobody freezes).
    Freeze(u32),
}

/// Who wins a partial surprise; ordered so that a tie comes after the sides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Won {
    Side(usize),
    Tie,
}

/// The distribution of the opening roll, from the same functions [`surprise`] calls.
fn opening_dist(input: &SurpriseInput, fallback: Fallback) -> (Dist<Opening>, Method) {
    match input.kind {
        Kind::Partial => {
            let modifiers = partial_modifiers(&input.fight);
            let totals = [sum(&modifiers[0]), sum(&modifiers[1])];
            exact_or_estimate(|d| Opening::Winner(contest(totals, d).1.map_or(Won::Tie, Won::Side)), fallback)
        }
        Kind::Total { .. } => {
            let anyone = input.fight.fighters.iter().any(|f| shock_of(input.kind, None, f) == Some(Shock::Frozen));
            // Nobody freezes: nothing is rolled.
            let run = |d: &mut dyn Dice| Opening::Freeze(if anyone { freeze_roll(d).total } else { 0 });
            exact_or_estimate(run, fallback)
        }
    }
}

/// The lines of the cast whose recovery `--odds` lists: all but the attackers of a total surprise.
fn listed_entries(input: &SurpriseInput) -> impl Iterator<Item = (&Entry, &Fighter)> {
    let fight = &input.fight;
    fight.entries.iter().filter_map(move |entry| {
        let first = fight.members(entry).next()?;
        let attacks = matches!(input.kind, Kind::Total { attackers } if first.side == attackers);
        (!attacks).then_some((entry, first))
    })
}

/// The last turn `--odds` lists recovery for on its own: the turns followed, at most
/// [`ODDS_TURNS`], and fewer when the parts would list over [`ODDS_RECOVERY_OUTCOMES`] outcomes
/// (each lists turn 1 to the horizon + 1 and "still stunned").
fn odds_horizon(input: &SurpriseInput) -> u32 {
    let parts = listed_entries(input).count().max(1);
    let fits = (ODDS_RECOVERY_OUTCOMES / parts).saturating_sub(2).max(1);
    input.rounds.min(ODDS_TURNS).min(u32::try_from(fits).unwrap_or(u32::MAX))
}

/// The turn `fighter` acts from, over every opening, listed up to `horizon`.
fn acts_from_dist(
    input: &SurpriseInput,
    opening: &Dist<Opening>,
    fighter: &Fighter,
    horizon: u32,
    chances: &mut Chances,
) -> Dist<Recovered> {
    opening.and_then(|open| {
        let (loser, seconds) = match *open {
            Opening::Winner(Won::Side(w)) => (Some(1 - w), 0),
            Opening::Winner(Won::Tie) => (None, 0),
            Opening::Freeze(s) => (None, s),
        };
        match shock_of(input.kind, loser, fighter) {
            None => Dist::point(Recovered::From(1)),
            Some(Shock::Frozen) => recovery_dist(fighter.iq, fighter.cr, Shock::Frozen, seconds + 1, horizon, chances),
            Some(Shock::Stunned) => recovery_dist(fighter.iq, fighter.cr, Shock::Stunned, 1, horizon, chances),
        }
    })
}

/// The opening part and one part per line of the cast that may be surprised.
fn push_surprise_odds(input: &SurpriseInput, fallback: Fallback, odds: &mut Odds) {
    let fight = &input.fight;
    let (opening, opening_method) = opening_dist(input, fallback);
    match input.kind {
        Kind::Partial => {
            odds.push(Some("winner"), "who wins the initiative", &opening, opening_method, |open| match *open {
                Opening::Winner(Won::Side(w)) => {
                    let name = &fight.teams[w].name;
                    (json!(name), format!("{name}; {} stunned", fight.teams[1 - w].name))
                }
                _ => (serde_json::Value::Null, "tie: nobody is surprised".to_string()),
            });
        }
        Kind::Total { .. } => {
            if !opening.iter().any(|(open, _)| *open == Opening::Freeze(0)) {
                odds.push(Some("freeze"), "freeze (1d seconds)", &opening, opening_method, |open| {
                    let seconds = match *open {
                        Opening::Freeze(s) => s,
                        Opening::Winner(_) => 0,
                    };
                    (json!(seconds), format!("frozen {seconds} s"))
                });
            }
        }
    }
    let mut chances = Chances::new(fallback);
    let horizon = odds_horizon(input);
    // Alike combatants on one side have alike odds: each is worked out once.
    let mut alike: BTreeMap<(usize, i32, bool), Dist<Recovered>> = BTreeMap::new();
    for (entry, first) in listed_entries(input) {
        let dist = alike
            .entry((first.side, first.iq, first.cr))
            .or_insert_with(|| acts_from_dist(input, &opening, first, horizon, &mut chances));
        // A group's part is named as written, `Orc*3`, which no combatant's name can be.
        let (part, title) = match entry.count {
            1 => (entry.name.clone(), format!("{}: acts from turn", entry.name)),
            n => (format!("{}*{n}", entry.name), format!("{} 1–{n} (each): acts from turn", entry.name)),
        };
        let mut method = opening_method;
        method.absorb(chances.method);
        odds.push(Some(&part), title, dist, method, |r| describe_recovered(*r, horizon));
    }
    if input.rounds > horizon && !alike.is_empty() {
        odds.note(format!(
            "recovery is listed turn by turn up to turn {horizon}; \"still stunned after {horizon} turns\" \
             includes recovering later within the {} turns followed",
            input.rounds
        ));
    }
    if fight.entries.iter().any(|e| e.count > 1) {
        odds.note("the members of a group are alike: one part gives the odds of each of them");
    }
}

/// `1 turn`, `20 turns`.
pub fn turns(n: u32) -> String {
    if n == 1 { "1 turn".to_string() } else { format!("{n} turns") }
}

fn describe_recovered(r: Recovered, rounds: u32) -> (serde_json::Value, String) {
    match r {
        Recovered::From(1) => (json!(1), "turn 1 (not surprised)".to_string()),
        Recovered::From(t) => (json!(t), format!("turn {t}")),
        Recovered::Never => (serde_json::Value::Null, format!("still stunned after {}", turns(rounds))),
    }
}

// ------------------------------------------------------------------------------------------
// Initiative

/// The turn order of a fight's combatants.
#[derive(Clone, Copy, Debug)]
pub struct Initiative<'f> {
    pub fight: &'f Fight,
}

/// One place in the turn order.
#[derive(Clone, Debug, Serialize)]
pub struct Place<'a> {
    /// Index into [`Fight::fighters`].
    #[serde(skip)]
    pub fighter: usize,
    pub name: &'a str,
    pub side: &'a str,
    /// Basic Speed: GURPS has no rolled initiative number.
    pub total: Hundredths,
    pub dx: i32,
    /// 1-based acting position.
    pub place: usize,
}

/// DX as the key that breaks ties of Basic Speed.
pub static DX: KeyName = KeyName { id: "dx", words: "DX" };

#[derive(Clone, Debug, Serialize)]
pub struct InitiativeOutcome<'a> {
    pub order: Vec<Place<'a>>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub ties: Vec<Tie<'a, Hundredths>>,
}

impl<'f> Rule for Initiative<'f> {
    type Outcome<'a>
        = InitiativeOutcome<'f>
    where
        Self: 'a;

    /// Basic Set: turn order by Basic Speed, ties by DX, then a roll-off fixed for the fight.
    fn roll<'a>(&'a self, dice: &mut dyn Dice) -> InitiativeOutcome<'f> {
        let fight = self.fight;
        let f = &fight.fighters;
        let who: Vec<usize> = (0..f.len()).collect();
        let dx = |i: usize| i64::from(f[i].dx);
        let ranking = order::rank(&who, |i| f[i].speed, &[TieKey { name: &DX, value: &dx }], Settle::RollOff(6), dice);
        let order = ranking
            .order
            .iter()
            .zip(&ranking.places)
            .map(|(&i, &place)| Place {
                fighter: i,
                name: &f[i].name,
                side: &fight.teams[f[i].side].name,
                total: f[i].speed,
                dx: f[i].dx,
                place,
            })
            .collect();
        InitiativeOutcome { order, ties: ranking.named_ties(|i| f[i].speed, |i| f[i].name.as_str()) }
    }

    fn odds(&self, fallback: Fallback) -> Odds {
        let mut odds = Odds::default();
        push_initiative_odds(self.fight, fallback, None, &mut odds);
        odds
    }
}

/// The order as fighter indices, for odds.
fn order_key(fight: &Fight, dice: &mut dyn Dice) -> Vec<usize> {
    Initiative { fight }.roll(dice).order.iter().map(|p| p.fighter).collect()
}

/// The turn order in full for up to [`FULL_ORDER`] combatants (in part `part`); beyond, who acts
/// first and each combatant's place, a group's members sharing one part. Basic Speed and DX are
/// fixed, so only the roll-offs among those level on both are left to chance.
fn push_initiative_odds(fight: &Fight, fallback: Fallback, part: Option<&str>, odds: &mut Odds) {
    let f = &fight.fighters;
    if f.len() <= FULL_ORDER {
        let (dist, method) = exact_or_estimate(|d| order_key(fight, d), fallback);
        let title = if dist.len() == 1 { "turn order (fixed: no ties)" } else { "turn order" };
        odds.push(part, title, &dist, method, |order| {
            let names: Vec<&str> = order.iter().map(|&i| f[i].name.as_str()).collect();
            (json!(names), names.join(", "))
        });
        return;
    }
    let rivals: Vec<Rival> = f.iter().map(|x| Rival::fixed(x.speed.0, vec![i64::from(x.dx)])).collect();
    let lines: Vec<Line> = fight.entries.iter().map(|e| Line::group(&e.name, e.count as usize, e.first)).collect();
    let run = |d: &mut dyn Dice| {
        let mut places = vec![None; f.len()];
        for (k, i) in order_key(fight, d).into_iter().enumerate() {
            places[i] = Some(k + 1);
        }
        places
    };
    let standing = ranking::standings(&rivals, 6, lines.len(), fallback, run);
    odds.push(Some("first"), "who acts first", &standing.first, standing.first_method, |who| match who {
        Some(i) => (json!(f[*i].name), format!("{} first", f[*i].name)),
        None => (serde_json::Value::Null, "nobody".to_string()),
    });
    match standing.places {
        Some(places) => push_places(odds, &places, &lines, "not in the order"),
        None => odds.note(PLACES_NOT_LISTED),
    }
}

// ------------------------------------------------------------------------------------------
// Reaction

#[derive(Clone, Debug, Default)]
pub struct ReactionInput {
    pub modifiers: Vec<Modifier>,
}

/// Basic Set reaction table: (band, words), worst first.
pub const REACTION_TABLE: [(&str, &str); 8] = [
    ("disastrous", "Disastrous"),
    ("very_bad", "Very Bad"),
    ("bad", "Bad"),
    ("poor", "Poor"),
    ("neutral", "Neutral"),
    ("good", "Good"),
    ("very_good", "Very Good"),
    ("excellent", "Excellent"),
];

/// The row of the reaction table for `total`: ≤0 · 1–3 · 4–6 · 7–9 · 10–12 · 13–15 · 16–18 · ≥19.
pub fn reaction_row(total: i32) -> usize {
    match total {
        ..=0 => 0,
        1..=18 => ((total + 2) / 3) as usize,
        _ => 7,
    }
}

impl Rule for ReactionInput {
    type Outcome<'a> = ReactionOutcome<'a>;

    fn roll<'a>(&'a self, dice: &mut dyn Dice) -> Self::Outcome<'a> {
        let roll = dice.roll(3, 6);
        let total = roll.total as i32 + sum(&self.modifiers);
        let (band, result) = REACTION_TABLE[reaction_row(total)];
        ReactionOutcome { roll, modifiers: &self.modifiers, total, result, band }
    }

    fn odds(&self, fallback: Fallback) -> Odds {
        let mut odds = Odds::default();
        push_reaction_odds(self, fallback, None, &mut odds);
        odds
    }
}

fn push_reaction_odds(input: &ReactionInput, fallback: Fallback, part: Option<&str>, odds: &mut Odds) {
    let mut method = Method::exact(fallback);
    let dist = dist_of(|d| reaction_row(Rule::roll(input, d).total), fallback, &mut method);
    odds.push(part, "reaction", &dist, method, |&row| {
        let (band, words) = REACTION_TABLE[row];
        (json!(band), words.to_string())
    });
}

// ------------------------------------------------------------------------------------------
// Encounter

#[derive(Clone, Debug)]
pub struct EncounterInput {
    pub surprise: SurpriseInput,
    /// `--reaction`: roll one, with these modifiers.
    pub reaction: Option<ReactionInput>,
}

/// A place in the turn order with how the surprise left the combatant.
#[derive(Clone, Debug, Serialize)]
pub struct EncounterPlace<'a> {
    #[serde(flatten)]
    pub place: Place<'a>,
    pub surprised: bool,
    /// 1 when not surprised; null when still stunned after the turns followed.
    pub acts_from_turn: Option<u32>,
}

#[derive(Clone, Debug, Serialize)]
pub struct EncounterOutcome<'a> {
    pub surprise: SurpriseOutcome<'a>,
    /// The turn order, with the surprised marked.
    pub order: Vec<EncounterPlace<'a>>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub ties: Vec<Tie<'a, Hundredths>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reaction: Option<ReactionOutcome<'a>>,
}

/// Surprise and recovery, turn order by Basic Speed with the surprised marked, and a reaction.
impl Rule for EncounterInput {
    type Outcome<'a> = EncounterOutcome<'a>;

    fn roll<'a>(&'a self, dice: &mut dyn Dice) -> Self::Outcome<'a> {
        let input = self;
        let surprise = Rule::roll(&input.surprise, dice);
        let initiative = Initiative { fight: &input.surprise.fight }.roll(dice);
        let order = initiative
            .order
            .into_iter()
            .map(|place| {
                let c = &surprise.combatants[place.fighter];
                EncounterPlace { place, surprised: c.surprised, acts_from_turn: c.acts_from_turn }
            })
            .collect();
        let reaction = input.reaction.as_ref().map(|r| Rule::roll(r, dice));
        EncounterOutcome { surprise, order, ties: initiative.ties, reaction }
    }

    /// Each step as parts: the surprise and each combatant's recovery, the turn order, the reaction.
    fn odds(&self, fallback: Fallback) -> Odds {
        let mut odds = Odds::default();
        push_surprise_odds(&self.surprise, fallback, &mut odds);
        push_initiative_odds(&self.surprise.fight, fallback, Some("order"), &mut odds);
        if let Some(reaction) = &self.reaction {
            push_reaction_odds(reaction, fallback, Some("reaction"), &mut odds);
        }
        odds
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::SeededDice;

    fn fallback() -> Fallback {
        Fallback { seed: 1, trials: 10_000 }
    }

    fn team(name: &str) -> Team {
        Team {
            name: name.to_string(),
            leader: Some(Leader { name: None, first_listed: false, iq: 10, cr: false, tactics: 0 }),
            cr: false,
            cr_names: Vec::new(),
            group_iq: 10,
            animals: false,
            modifier: 0,
        }
    }

    fn fighter(name: &str, side: usize, iq: i32, cr: bool) -> Fighter {
        Fighter { name: name.to_string(), side, entry: 0, iq, cr, speed: DEFAULT_SPEED, dx: DEFAULT_DX }
    }

    /// A fight of single combatants, each its own entry.
    fn fight(teams: Vec<Team>, fighters: Vec<Fighter>) -> Fight {
        let fighters: Vec<Fighter> = fighters.into_iter().enumerate().map(|(i, f)| Fighter { entry: i, ..f }).collect();
        let entries =
            fighters.iter().enumerate().map(|(i, f)| Entry { name: f.name.clone(), count: 1, first: i }).collect();
        Fight { teams, fighters, entries }
    }

    fn words(mods: &[Modifier]) -> Vec<String> {
        mods.iter().map(|m| format!("{:+} {}", m.value, m.source)).collect()
    }

    fn part(odds: &Odds, name: &str) -> Vec<String> {
        odds.entries
            .iter()
            .filter(|e| e.part.as_deref() == Some(name))
            .map(|e| format!("{} {}", e.label, e.prob))
            .collect()
    }

    #[test]
    fn success_rolls_follow_the_basic_set() {
        for (total, target, success) in [
            (3, -5, true),
            (4, 1, true),
            (5, 4, false),
            (10, 10, true),
            (11, 10, false),
            (16, 16, true),
            (16, 30, true),
            (17, 30, false),
            (18, 18, false),
        ] {
            assert_eq!(succeeds(total, target), success, "{total} vs {target}");
        }
        // 3d6 ≤ 10 is 108/216 = 1/2; IQ 1 succeeds only on 3–4 (4/216); any target ≥ 16 fails on 17–18.
        assert_eq!(Chances::new(fallback()).of(10), Prob::new(1, 2));
        assert_eq!(Chances::new(fallback()).of(1), Prob::new(4, 216));
        assert_eq!(Chances::new(fallback()).of(-3), Prob::new(4, 216));
        assert_eq!(Chances::new(fallback()).of(16), Prob::new(212, 216));
        assert_eq!(Chances::new(fallback()).of(40), Prob::new(212, 216));
    }

    #[test]
    fn automatic_results_are_marked_only_when_they_decide() {
        let mut dice = SeededDice::new(5);
        for _ in 0..2000 {
            let r = success_roll(2, &mut dice);
            assert_eq!(r.success, r.roll.total <= 4);
            assert_eq!(r.automatic, r.roll.total <= 4);
            let r = success_roll(20, &mut dice);
            assert_eq!(r.automatic, r.roll.total >= 17);
        }
    }

    #[test]
    fn leader_modifiers_of_the_seed() {
        let plain = team("b");
        // Leader with Combat Reflexes: +2, and someone else having them adds nothing.
        let mut a = team("a");
        a.leader.as_mut().unwrap().cr = true;
        a.cr = true;
        a.cr_names = vec!["Bree".into()];
        assert_eq!(words(&leader_modifiers(&a, &plain)), ["+2 leader's Combat Reflexes"]);
        // Someone else on the side: +1, named.
        a.leader.as_mut().unwrap().cr = false;
        assert_eq!(words(&leader_modifiers(&a, &plain)), ["+1 Combat Reflexes on the side (Bree)"]);
        // Higher IQ: +1 to that leader only, nothing on equal IQ.
        let mut smart = team("a");
        smart.leader.as_mut().unwrap().iq = 12;
        assert_eq!(words(&leader_modifiers(&smart, &plain)), ["+1 higher IQ (12 vs 10)"]);
        assert!(leader_modifiers(&plain, &smart).is_empty());
        assert!(leader_modifiers(&plain, &team("c")).is_empty());
        // Tactics: +1 at any level, +2 at 20+.
        for (level, expect) in [(1, "+1 Tactics 1"), (19, "+1 Tactics 19"), (20, "+2 Tactics 20 (20+)")] {
            let mut t = team("a");
            t.leader.as_mut().unwrap().tactics = level;
            assert_eq!(words(&leader_modifiers(&t, &plain)), [expect]);
        }
        // Everything together, plus the GM's modifier.
        let mut all = team("a");
        all.leader = Some(Leader { name: Some("Ansel".into()), first_listed: false, iq: 13, cr: true, tactics: 21 });
        all.modifier = -1;
        assert_eq!(sum(&leader_modifiers(&all, &plain)), 2 + 1 + 2 - 1);
    }

    #[test]
    fn leaderless_sides() {
        let mut wolves = team("wolves");
        wolves.leader = None;
        wolves.cr = true; // no leader to use it
        let led = team("party");
        assert_eq!(words(&leader_modifiers(&wolves, &led)), ["-2 leaderless (the GM rolls)"]);
        // No higher-IQ bonus against a leaderless side.
        let mut smart = team("party");
        smart.leader.as_mut().unwrap().iq = 15;
        assert!(leader_modifiers(&smart, &wolves).is_empty());
        wolves.animals = true;
        assert_eq!(words(&leader_modifiers(&wolves, &led)), ["+0 leaderless, but animals: no penalty"]);
        wolves.animals = false;
        wolves.group_iq = 5;
        assert_eq!(words(&leader_modifiers(&wolves, &led)), ["+0 leaderless, but IQ 5: no penalty"]);
        wolves.group_iq = 6;
        assert_eq!(sum(&leader_modifiers(&wolves, &led)), -2);
    }

    #[test]
    fn recovery_targets() {
        let (t, m) = recovery_target(10, false, Shock::Stunned, 1);
        assert_eq!((t, m.len()), (10, 0));
        assert_eq!(recovery_target(10, false, Shock::Stunned, 3).0, 12);
        assert_eq!(words(&recovery_target(9, true, Shock::Stunned, 2).1), ["+6 Combat Reflexes", "+1 turn 2"]);
        assert_eq!(recovery_target(9, true, Shock::Stunned, 2).0, 16);
        // Total surprise: base IQ every turn, whatever the turn.
        assert_eq!(recovery_target(9, false, Shock::Frozen, 7).0, 9);
    }

    #[test]
    fn partial_surprise_odds_by_hand() {
        // Equal sides: 1d vs 1d, each wins 15/36, tie 6/36.
        let input = SurpriseInput {
            fight: fight(vec![team("party"), team("monsters")], vec![fighter("Ansel", 0, 10, false)]),
            kind: Kind::Partial,
            rounds: 3,
        };
        let odds = Rule::odds(&input, fallback());
        assert_eq!(
            part(&odds, "winner"),
            ["party; monsters stunned 5/12", "monsters; party stunned 5/12", "tie: nobody is surprised 1/6"]
        );
        // Ansel is stunned when monsters win (5/12): IQ 10 on turn 1 (1/2), 11 on turn 2
        // (135/216 = 5/8), 12 on turn 3 (160/216 = 20/27).
        // turn 2: 5/12 · 1/2 = 5/24; turn 3: 5/12 · 1/2 · 5/8 = 25/192;
        // turn 4: 5/12 · 1/2 · 3/8 · 20/27 = 25/432; still stunned: 5/12 · 1/2 · 3/8 · 7/27 = 35/1728.
        assert_eq!(
            part(&odds, "Ansel"),
            [
                "turn 1 (not surprised) 7/12",
                "turn 2 5/24",
                "turn 3 25/192",
                "turn 4 25/432",
                "still stunned after 3 turns 35/1728"
            ]
        );
    }

    #[test]
    fn modifiers_shift_the_winner() {
        // +2 against nothing: party wins when its d6 + 2 beats theirs: 26/36; tie 4/36.
        let mut a = team("party");
        a.leader.as_mut().unwrap().cr = true;
        let input = SurpriseInput { fight: fight(vec![a, team("monsters")], vec![]), kind: Kind::Partial, rounds: 1 };
        assert_eq!(
            part(&Rule::odds(&input, fallback()), "winner"),
            ["party; monsters stunned 13/18", "monsters; party stunned 1/6", "tie: nobody is surprised 1/9"]
        );
    }

    #[test]
    fn total_surprise_freezes_then_rolls_base_iq() {
        let input = SurpriseInput {
            fight: fight(
                vec![team("party"), team("monsters")],
                vec![fighter("Clerk", 0, 10, false), fighter("Guard", 0, 10, true), fighter("Werewolf", 1, 10, false)],
            ),
            kind: Kind::Total { attackers: 1 },
            rounds: 20,
        };
        let mut dice = SeededDice::new(11);
        for _ in 0..200 {
            let out = Rule::roll(&input, &mut dice);
            let seconds = out.freeze.flatten().unwrap().seconds;
            let clerk = &out.combatants[0];
            assert_eq!((clerk.shock, clerk.frozen), (Some(Shock::Frozen), Some(seconds)));
            // The first roll comes after the freeze, always at base IQ.
            assert_eq!(clerk.recovery[0].turn, seconds + 1);
            assert!(clerk.recovery.iter().all(|r| r.check.target == 10 && r.modifiers.is_empty()));
            if let Some(t) = clerk.acts_from_turn {
                assert_eq!(t, clerk.recovery.last().unwrap().turn + 1);
            }
            // Combat Reflexes: never frozen; rolls from turn 1 at IQ + 6, +1 a turn after.
            let guard = &out.combatants[1];
            assert_eq!((guard.shock, guard.frozen), (Some(Shock::Stunned), None));
            assert_eq!(guard.recovery[0].turn, 1);
            assert_eq!(guard.recovery[0].check.target, 16);
            assert!(guard.recovery.iter().all(|r| r.check.target == 15 + r.turn as i32));
            let wolf = &out.combatants[2];
            assert_eq!((wolf.surprised, wolf.acts_from_turn), (false, Some(1)));
        }
        let odds = Rule::odds(&input, fallback());
        assert_eq!(part(&odds, "freeze").len(), 6);
        assert!(part(&odds, "Werewolf").is_empty());
        // Guard: 16 on turn 1 succeeds 212/216 = 53/54.
        assert_eq!(part(&odds, "Guard")[0], "turn 2 53/54");
        // Clerk: frozen s seconds, then 1/2 a turn: acts from turn s+2 with 1/6 · 1/2 ...
        assert_eq!(part(&odds, "Clerk")[0], "turn 3 1/12");
        assert_eq!(part(&odds, "Clerk")[1], "turn 4 1/8");
        for name in ["freeze", "Clerk", "Guard"] {
            let total = Prob::sum(odds.entries.iter().filter(|e| e.part.as_deref() == Some(name)).map(|e| &e.prob));
            assert_eq!(total, Prob::one(), "{name}");
        }
    }

    #[test]
    fn a_freeze_longer_than_the_turns_followed_leaves_no_roll() {
        let input = SurpriseInput {
            fight: fight(vec![team("party"), team("monsters")], vec![fighter("Clerk", 0, 10, false)]),
            kind: Kind::Total { attackers: 1 },
            rounds: 1,
        };
        let mut dice = SeededDice::new(2);
        let out = Rule::roll(&input, &mut dice);
        let clerk = &out.combatants[0];
        assert!(clerk.recovery.is_empty());
        assert_eq!(clerk.acts_from_turn, None);
        // With one turn followed, nobody recovers in time.
        assert_eq!(part(&Rule::odds(&input, fallback()), "Clerk"), ["still stunned after 1 turn 1"]);
    }

    #[test]
    fn odds_lump_recovery_past_a_minute() {
        let input = |rounds| SurpriseInput {
            fight: fight(vec![team("party"), team("monsters")], vec![fighter("Dull", 0, 1, false)]),
            kind: Kind::Total { attackers: 1 },
            rounds,
        };
        let long = Rule::odds(&input(1000), fallback());
        let minute = Rule::odds(&input(ODDS_TURNS), fallback());
        // Past the horizon the answer is the one for a minute's cap, with a note saying so.
        assert_eq!(part(&long, "Dull"), part(&minute, "Dull"));
        assert!(part(&long, "Dull").last().unwrap().starts_with("still stunned after 60 turns "));
        assert_eq!(long.notes.len(), 1);
        assert!(minute.notes.is_empty());
    }

    #[test]
    fn nobody_freezes_when_all_the_surprised_have_combat_reflexes() {
        let input = SurpriseInput {
            fight: fight(vec![team("party"), team("monsters")], vec![fighter("Guard", 0, 10, true)]),
            kind: Kind::Total { attackers: 1 },
            rounds: 5,
        };
        let out = Rule::roll(&input, &mut SeededDice::new(1));
        assert!(matches!(out.freeze, Some(None)));
        assert!(part(&Rule::odds(&input, fallback()), "freeze").is_empty());
    }

    #[test]
    fn rolled_recoveries_match_their_odds_in_the_long_run() {
        // The rolled recovery turns over 20 000 runs stay near the exact odds (±4 sd).
        let input = SurpriseInput {
            fight: fight(vec![team("party"), team("monsters")], vec![fighter("Ansel", 0, 8, false)]),
            kind: Kind::Partial,
            rounds: 6,
        };
        let odds = Rule::odds(&input, fallback());
        let mut dice = SeededDice::new(99);
        let n = 20_000;
        let mut counts: BTreeMap<Option<u32>, u32> = BTreeMap::new();
        for _ in 0..n {
            *counts.entry(Rule::roll(&input, &mut dice).combatants[0].acts_from_turn).or_default() += 1;
        }
        for e in odds.entries.iter().filter(|e| e.part.as_deref() == Some("Ansel")) {
            let key = e.outcome.as_u64().map(|t| t as u32);
            let p = e.prob.to_f64();
            let seen = f64::from(counts.get(&key).copied().unwrap_or(0)) / f64::from(n);
            let sd = (p * (1.0 - p) / f64::from(n)).sqrt();
            assert!((seen - p).abs() < 4.0 * sd + 1e-9, "{}: {seen} vs {p}", e.label);
        }
    }

    #[test]
    fn turn_order_by_speed_then_dx_then_roll_off() {
        let mut fighters = vec![
            fighter("Slow", 0, 10, false),
            fighter("Quick", 1, 10, false),
            fighter("Deft", 0, 10, false),
            fighter("Twin A", 1, 10, false),
            fighter("Twin B", 0, 10, false),
        ];
        fighters[1].speed = Hundredths(625);
        fighters[0].speed = Hundredths(450);
        fighters[2].dx = 13;
        let f = fight(vec![team("party"), team("monsters")], fighters);
        let out = Initiative { fight: &f }.roll(&mut SeededDice::new(4));
        let names: Vec<&str> = out.order.iter().map(|p| p.name).collect();
        assert_eq!(names[..2], ["Quick", "Deft"]);
        assert_eq!(names[4], "Slow");
        // One tie at Speed 5: DX puts Deft first, the twins roll off.
        assert_eq!(out.ties.len(), 1);
        assert_eq!((out.ties[0].total, &out.ties[0].names[..]), (Hundredths(500), &names[1..4]));
        assert_eq!(out.ties[0].by, [&DX]);
        assert_eq!(out.ties[0].roll_offs[0].names, ["Twin A", "Twin B"]);
        // Five: who acts first (certain) and each place; only the twins' are left to chance.
        let odds = Initiative { fight: &f }.odds(fallback());
        assert_eq!(part(&odds, "first"), ["Quick first 1"]);
        assert_eq!(part(&odds, "place: Twin A"), ["3rd 1/2", "4th 1/2"]);
        assert_eq!(part(&odds, "place: Slow"), ["5th 1"]);
    }

    #[test]
    fn many_ties_give_who_acts_first() {
        let fighters: Vec<Fighter> = (1..=12).map(|i| fighter(&format!("Orc {i}"), 1, 10, false)).collect();
        let odds = Initiative { fight: &fight(vec![team("party"), team("monsters")], fighters) }.odds(fallback());
        assert_eq!(part(&odds, "first").len(), 12);
        assert_eq!(part(&odds, "place: Orc 7").len(), 12);
        assert!(odds.entries.iter().all(|e| e.prob == Prob::new(1, 12)));
        assert!(odds.exact());
    }

    #[test]
    fn reaction_table_rows() {
        for (total, words) in [
            (-4, "Disastrous"),
            (0, "Disastrous"),
            (1, "Very Bad"),
            (3, "Very Bad"),
            (4, "Bad"),
            (6, "Bad"),
            (7, "Poor"),
            (9, "Poor"),
            (10, "Neutral"),
            (12, "Neutral"),
            (13, "Good"),
            (15, "Good"),
            (16, "Very Good"),
            (18, "Very Good"),
            (19, "Excellent"),
            (40, "Excellent"),
        ] {
            assert_eq!(REACTION_TABLE[reaction_row(total)].1, words, "total {total}");
        }
    }

    #[test]
    fn reaction_odds_of_3d6() {
        let odds = Rule::odds(&ReactionInput::default(), fallback());
        let got: Vec<String> = odds.entries.iter().map(|e| format!("{} {}", e.label, e.prob)).collect();
        // Very Bad 3: 1; Bad 4–6: 3+6+10 = 19; Poor 7–9: 15+21+25 = 61; Neutral 10–12: 27+27+25 = 79;
        // Good 13–15: 21+15+10 = 46; Very Good 16–18: 6+3+1 = 10.
        assert_eq!(
            got,
            ["Very Bad 1/216", "Bad 19/216", "Poor 61/216", "Neutral 79/216", "Good 23/108", "Very Good 5/108"]
        );
        let up = ReactionInput { modifiers: vec![Modifier::new(3, "situational")] };
        assert_eq!(Rule::odds(&up, fallback()).entries.last().unwrap().label, "Excellent");
    }
}
