//! Surprise (seed 001): total or partial, the leaders' contest or the freeze, and every
//! surprised combatant's recovery; its odds, one part per line of the cast.

use super::fight::{Entry, Fight, Fighter, Leader, Team};
use super::recovery::{Recovered, RecoveryRoll, Shock, recover, recovery_dist};
use super::success::Chances;
use crate::dice::{Dice, Roll};
use crate::odds::{Dist, Fallback, Method, Odds, exact_or_estimate};
use crate::outcome::{Modifier, join, sum};
use crate::rulesets::Rule;
use serde::Serialize;
use std::collections::BTreeMap;

/// Turns of recovery that `--odds` lists one by one (a minute of combat); later turns are
/// lumped into the last outcome, "still stunned after 60 turns".
pub const ODDS_TURNS: u32 = 60;
/// Recovery outcomes `--odds` lists over all the parts: a cast of thousands lists fewer turns
/// one by one, so that the answer stays small.
const ODDS_RECOVERY_OUTCOMES: usize = 200_000;

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
            if let Some(theirs) = &other.leader
                && leader.iq > theirs.iq
            {
                mods.push(Modifier::new(1, format!("higher IQ ({} vs {})", leader.iq, theirs.iq)));
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
        let combatants = fight.fighters.iter().map(|f| combatant_surprise(input, f, loser, seconds, dice)).collect();
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

/// How `fighter` comes out of the surprise (`loser`: the side that lost a partial surprise;
/// `seconds`: the freeze of a total one): caught or not, and its recovery rolls.
fn combatant_surprise<'a>(
    input: &'a SurpriseInput,
    fighter: &'a Fighter,
    loser: Option<usize>,
    seconds: u32,
    dice: &mut dyn Dice,
) -> CombatantSurprise<'a> {
    let shock = shock_of(input.kind, loser, fighter);
    let (frozen, first_turn) = match shock {
        Some(Shock::Frozen) => (Some(seconds), seconds + 1),
        _ => (None, 1),
    };
    let (recovery, acts_from_turn) = match shock {
        Some(shock) => recover(fighter.iq, fighter.cr, shock, first_turn, input.rounds, dice),
        None => (Vec::new(), Some(1)),
    };
    CombatantSurprise {
        name: &fighter.name,
        side: &input.fight.teams[fighter.side].name,
        iq: fighter.iq,
        cr: fighter.cr,
        surprised: shock.is_some(),
        shock,
        frozen,
        recovery,
        acts_from_turn,
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
pub(super) fn push_surprise_odds(input: &SurpriseInput, fallback: Fallback, odds: &mut Odds) {
    let fight = &input.fight;
    let (opening, opening_method) = opening_dist(input, fallback);
    match input.kind {
        Kind::Partial => {
            odds.push(Some("winner"), "who wins the initiative", &opening, opening_method, |open| match *open {
                Opening::Winner(Won::Side(w)) => {
                    let name = &fight.teams[w].name;
                    (Some(name.clone()), format!("{name}; {} stunned", fight.teams[1 - w].name))
                }
                _ => (None, "tie: nobody is surprised".to_string()),
            });
        }
        Kind::Total { .. } => {
            if !opening.iter().any(|(open, _)| *open == Opening::Freeze(0)) {
                odds.push(Some("freeze"), "freeze (1d seconds)", &opening, opening_method, |open| {
                    let seconds = match *open {
                        Opening::Freeze(s) => s,
                        Opening::Winner(_) => 0,
                    };
                    (seconds, format!("frozen {seconds} s"))
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

fn describe_recovered(r: Recovered, rounds: u32) -> (Option<u32>, String) {
    match r {
        Recovered::From(1) => (Some(1), "turn 1 (not surprised)".to_string()),
        Recovered::From(t) => (Some(t), format!("turn {t}")),
        Recovered::Never => (None, format!("still stunned after {}", turns(rounds))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::SeededDice;
    use crate::prob::Prob;
    use crate::rulesets::gurps::fixtures::{fallback, fight, fighter, part, team, words};

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
            let key = e.data().as_u64().map(|t| t as u32);
            let p = e.prob.to_f64();
            let seen = f64::from(counts.get(&key).copied().unwrap_or(0)) / f64::from(n);
            let sd = (p * (1.0 - p) / f64::from(n)).sqrt();
            assert!((seen - p).abs() < 4.0 * sd + 1e-9, "{}: {seen} vs {p}", e.label);
        }
    }
}
