//! gurps: GURPS 4th edition surprise, recovery, turn order and reaction (seed 001). This file
//! turns the command line into rule inputs; [`rules`] rolls them, [`text`] shows them.

#[cfg(test)]
mod odds_check;
pub mod rules;
pub mod text;

use super::{Handler, Procedures, Rule, Ruleset};
use crate::app::Runner;
use crate::cast::{Cast, KeyDef, KeyKind, Schema};
use crate::cli::{self, RulesId};
use crate::dice::Dice;
use crate::error::{Error, Result};
use crate::odds::{Fallback, Odds};
use crate::outcome::Modifier;
use rules::*;

const SCHEMA: Schema = Schema {
    rules: "gurps",
    side_keys: &[
        KeyDef::int("leader-iq", 1, 30, "the leader's IQ (default 10, or the IQ of the combatant marked leader)"),
        KeyDef::flag("leader-cr", "the leader has Combat Reflexes: +2 to the initiative roll"),
        KeyDef::flag("cr", "someone on the side has Combat Reflexes: +1 to the leader's initiative roll"),
        KeyDef::int("tactics", 0, 30, "the leader's Tactics skill level: +1, or +2 at 20+ (0: none)"),
        KeyDef::flag("leaderless", "no leader: the GM rolls at -2"),
        KeyDef::int("iq", 1, 30, "the group's IQ: a leaderless group of IQ 5 or less has no penalty (default 10)"),
        KeyDef::flag("animals", "animals: no leaderless penalty"),
        KeyDef::int("mod", -10, 10, "the GM's modifier to the side's initiative roll"),
    ],
    combatant_keys: &[
        KeyDef::int("iq", 1, 30, "IQ (default 10)"),
        KeyDef::flag("cr", "Combat Reflexes: never freezes, +6 to recover from surprise"),
        KeyDef { name: "speed", kind: KeyKind::Hundredths { min: 0, max: 3000 }, help: "Basic Speed (default 5)" },
        KeyDef::int("dx", 1, 30, "DX, to break ties of Basic Speed (default 10)"),
        KeyDef::flag("leader", "leads its side: its IQ and Combat Reflexes count for the initiative roll"),
    ],
};

const ROSTER: &str = "\
sides:
  - name: party
    tactics: 12
  - name: monsters
    leaderless: true
combatants:
  - name: Ansel
    leader: true
    iq: 12
    cr: true
    speed: 6.25
    dx: 12
  - name: Bree
    iq: 11
    speed: 5.5
  - name: Orc
    count: 3
    side: monsters
    iq: 9
    speed: 5.25
    dx: 11
";

pub static RULESET: Ruleset = Ruleset {
    id: "gurps",
    cli: RulesId::Gurps,
    schema: SCHEMA,
    roster: ROSTER,
    procedures: Procedures {
        surprise: Some(Handler { flags: &["--total", "--partial", "--ambush", "--rounds"], run: surprise_command }),
        distance: None,
        initiative: Some(Handler { flags: &[], run: initiative_command }),
        reaction: Some(Handler { flags: &["--mod"], run: reaction_command }),
        pursue: None,
        encounter: Some(Handler {
            flags: &["--total", "--partial", "--ambush", "--reaction", "--mod", "--rounds"],
            run: encounter_command,
        }),
    },
};

fn surprise_command(args: &cli::SurpriseArgs, cast: Cast, runner: &mut Runner) -> Result<()> {
    runner.run(&surprise_input(fight(&cast)?, &cast, &args.surprise, args.rounds)?)
}

fn initiative_command(_: &cli::InitiativeArgs, cast: Cast, runner: &mut Runner) -> Result<()> {
    runner.run(&InitiativeInput { fight: fight(&cast)? })
}

fn reaction_command(args: &cli::ReactionArgs, _: Cast, runner: &mut Runner) -> Result<()> {
    runner.run(&reaction_input(&args.reaction))
}

fn encounter_command(args: &cli::EncounterArgs, cast: Cast, runner: &mut Runner) -> Result<()> {
    if args.reaction.modifier.is_some() && !args.roll_reaction {
        return Err(Error::usage("--mod adjusts the reaction roll, which encounter makes only with --reaction")
            .hint("add --reaction"));
    }
    let surprise = surprise_input(fight(&cast)?, &cast, &args.surprise, args.rounds)?;
    let reaction = args.roll_reaction.then(|| reaction_input(&args.reaction));
    runner.run(&EncounterInput { surprise, reaction })
}

/// Sides and combatants as the rules see them. A side with no combatants fights as one
/// combatant named after it.
fn fight(cast: &Cast) -> Result<Fight> {
    let mut fight = Fight::default();
    for (i, side) in cast.sides.iter().enumerate() {
        let keys = &side.keys;
        let listed: Vec<&crate::cast::Combatant> = cast.on_side(i).collect();
        let leaders: Vec<&&crate::cast::Combatant> = listed.iter().filter(|c| c.keys.flag("leader")).collect();
        if let Some(group) = leaders.iter().find(|c| c.count > 1) {
            return Err(Error::usage(format!(
                "the group '{}*{}' has the leader key, but a group cannot lead",
                group.name, group.count
            ))
            .hint(format!("give the leader its own entry, e.g. Chief:leader,side={}", side.name)));
        }
        if let [first, second, ..] = leaders.as_slice() {
            return Err(Error::usage(format!(
                "side '{}' has two leaders, {} and {}",
                side.name, first.name, second.name
            ))
            .hint("mark one combatant of a side with leader"));
        }
        let leader = leaders.first();
        if keys.flag("leaderless") {
            let clash = match leader {
                Some(c) => Some(format!("its combatant {} has the leader key", c.name)),
                None => ["leader-iq", "leader-cr", "tactics"]
                    .into_iter()
                    .find(|k| keys.has(k))
                    .map(|k| format!("it has the side key {k}")),
            };
            if let Some(clash) = clash {
                return Err(Error::usage(format!("side '{}' is leaderless, but {clash}", side.name))
                    .hint("a leaderless side has no leader to roll for it: drop one of them"));
            }
        }
        let side_iq = keys.int("iq").map(|n| n as i32);
        let entry_start = fight.entries.len();
        if listed.is_empty() {
            if cast.combatants.iter().any(|c| c.member_names().contains(&side.name)) {
                return Err(Error::usage(format!(
                    "side '{}' has no combatants, so it fights as one named '{}', but a combatant already has that name",
                    side.name, side.name
                ))
                .hint("list the side's combatants, or rename the side or the combatant"));
            }
            push_entry(
                &mut fight,
                i,
                &side.name,
                1,
                side_iq.unwrap_or(DEFAULT_IQ),
                keys.flag("cr") || keys.flag("leader-cr"),
                DEFAULT_SPEED,
                DEFAULT_DX,
            );
        }
        for c in &listed {
            let k = &c.keys;
            let iq = k.int("iq").map_or(DEFAULT_IQ, |n| n as i32);
            let speed = k.hundredths("speed").unwrap_or(DEFAULT_SPEED);
            let dx = k.int("dx").map_or(DEFAULT_DX, |n| n as i32);
            push_entry(&mut fight, i, &c.name, c.count, iq, k.flag("cr"), speed, dx);
        }
        let members = &fight.fighters[fight.entries[entry_start].first..];
        let leader_name = leader.map(|c| c.name.clone());
        let leader_fighter = members.iter().find(|f| Some(&f.name) == leader_name.as_ref());
        let team = Team {
            name: side.name.clone(),
            leader: (!keys.flag("leaderless")).then(|| Leader {
                name: leader_name.clone(),
                iq: keys.int("leader-iq").map(|n| n as i32).or(leader_fighter.map(|f| f.iq)).unwrap_or(DEFAULT_IQ),
                cr: if keys.has("leader-cr") { keys.flag("leader-cr") } else { leader_fighter.is_some_and(|f| f.cr) },
                tactics: keys.int("tactics").map_or(0, |n| n as i32),
            }),
            cr: keys.flag("cr") || members.iter().any(|f| f.cr),
            cr_names: {
                let mut names: Vec<String> = Vec::new();
                for f in members.iter().filter(|f| f.cr && Some(&f.name) != leader_name.as_ref()) {
                    let entry = &fight.entries[f.entry];
                    if !names.contains(&entry.name) {
                        names.push(entry.name.clone());
                    }
                }
                names
            },
            // The group's IQ: the side's iq, else its brightest member's.
            group_iq: side_iq.or(members.iter().map(|f| f.iq).max()).unwrap_or(DEFAULT_IQ),
            animals: keys.flag("animals"),
            modifier: keys.int("mod").map_or(0, |n| n as i32),
        };
        fight.teams.push(team);
    }
    Ok(fight)
}

#[allow(clippy::too_many_arguments)]
fn push_entry(
    fight: &mut Fight,
    side: usize,
    name: &str,
    count: u32,
    iq: i32,
    cr: bool,
    speed: crate::cast::Hundredths,
    dx: i32,
) {
    let entry = fight.entries.len();
    let first = fight.fighters.len();
    let names = crate::cast::Combatant { name: name.to_string(), count, side, keys: Default::default() }.member_names();
    for name in names {
        fight.fighters.push(Fighter { name, side, entry, iq, cr, speed, dx });
    }
    fight.entries.push(Entry { name: name.to_string(), count, first });
}

/// The most recovery rolls (combatants × turns followed) one run may make: ten thousand
/// combatants for a hundred turns, about 170 MiB at most.
pub const MAX_RECOVERY_ROLLS: u64 = 1_000_000;

fn surprise_input(fight: Fight, cast: &Cast, opts: &cli::SurpriseOpts, rounds: Option<u32>) -> Result<SurpriseInput> {
    let rounds = rounds.unwrap_or(DEFAULT_ROUNDS);
    let combatants = fight.fighters.len() as u64;
    if combatants * u64::from(rounds) > MAX_RECOVERY_ROLLS {
        // Every recovery roll is part of one document: bound them so the document stays small.
        return Err(Error::usage(format!(
            "--rounds {rounds} for {combatants} combatants is up to {} recovery rolls; one run makes at most \
             {MAX_RECOVERY_ROLLS}",
            combatants * u64::from(rounds)
        ))
        .hint(format!("follow at most --rounds {} turns for this cast", MAX_RECOVERY_ROLLS / combatants.max(1))));
    }
    let kind = if opts.total {
        let attackers = match opts.ambush.as_deref() {
            Some(name) => cast.side_for("--ambush", name)?,
            None => cast.side_index("monsters").ok_or_else(|| {
                Error::usage("--total needs the attacking side, and no side is named 'monsters'")
                    .hint(format!("name it with --ambush SIDE; sides: {}", cast.side_names()))
            })?,
        };
        if cast.sides.len() < 2 {
            return Err(Error::usage(format!(
                "--total: {} is the only side, so nobody is there to surprise",
                cast.sides[attackers].name
            ))
            .hint("add the side that is caught unawares with --side"));
        }
        Kind::Total { attackers }
    } else {
        if opts.ambush.is_some() {
            return Err(Error::usage("--ambush names the attackers of a total surprise, and this one is partial").hint(
                "add --total, or favour the better-prepared side of a partial surprise with its mod key, e.g. --side monsters:mod=1",
            ));
        }
        if cast.sides.len() != 2 {
            return Err(Error::usage(format!(
                "a partial surprise is between exactly two sides, not {} ({})",
                cast.sides.len(),
                cast.side_names()
            ))
            .hint("give two sides, or use --total --ambush SIDE to catch several sides unawares"));
        }
        Kind::Partial
    };
    Ok(SurpriseInput { fight, kind, rounds })
}

fn reaction_input(opts: &cli::ReactionOpts) -> ReactionInput {
    ReactionInput { modifiers: opts.modifier.map(|m| Modifier::new(m, "reaction modifier")).into_iter().collect() }
}

impl Rule for SurpriseInput {
    type Outcome<'a> = SurpriseOutcome<'a>;

    fn roll<'a>(&'a self, dice: &mut dyn Dice) -> SurpriseOutcome<'a> {
        surprise(self, dice)
    }

    fn odds(&self, fallback: Fallback) -> Odds {
        surprise_odds(self, fallback)
    }
}

impl Rule for InitiativeInput {
    type Outcome<'a> = InitiativeOutcome<'a>;

    fn roll<'a>(&'a self, dice: &mut dyn Dice) -> InitiativeOutcome<'a> {
        initiative(&self.fight, dice)
    }

    fn odds(&self, fallback: Fallback) -> Odds {
        initiative_odds(self, fallback)
    }
}

impl Rule for ReactionInput {
    type Outcome<'a> = ReactionOutcome<'a>;

    fn roll<'a>(&'a self, dice: &mut dyn Dice) -> ReactionOutcome<'a> {
        reaction(self, dice)
    }

    fn odds(&self, fallback: Fallback) -> Odds {
        reaction_odds(self, fallback)
    }
}

impl Rule for EncounterInput {
    type Outcome<'a> = EncounterOutcome<'a>;

    fn roll<'a>(&'a self, dice: &mut dyn Dice) -> EncounterOutcome<'a> {
        encounter(self, dice)
    }

    fn odds(&self, fallback: Fallback) -> Odds {
        encounter_odds(self, fallback)
    }
}
