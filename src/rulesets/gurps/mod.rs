//! gurps: GURPS 4th edition surprise, recovery, turn order and reaction (seed 001). This file
//! turns the command line into rule inputs; each procedure's file ([`surprise`], [`initiative`],
//! [`reaction`], [`encounter`]) rolls it and works out its odds, on the [`fight`] as the rules
//! see it, with [`success`] rolls and [`recovery`]; [`text`] shows them.

pub mod encounter;
pub mod fight;
#[cfg(test)]
mod fixtures;
pub mod flags;
pub mod initiative;
#[cfg(test)]
mod odds_check;
pub mod reaction;
pub mod recovery;
pub mod success;
pub mod surprise;
pub mod text;
pub mod track;

use super::{Example, Procedure, Procedures, Ruleset};

use crate::cast::{self, Hundredths, KeyDef, KeyList, RulesetKeys};
use crate::emit::Runner;
use crate::error::{Error, Result};
use crate::outcome::Modifier;
use serde::Deserialize;
pub use {encounter::*, fight::*, initiative::*, reaction::*, recovery::*, success::*, surprise::*};

/// A side's keys, described one by one in `SIDE_KEYS`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "kebab-case")]
pub struct SideKeys {
    pub leader_iq: Option<i32>,
    /// Given (true or false), it overrides the leader's own Combat Reflexes.
    pub leader_cr: Option<bool>,
    pub cr: bool,
    pub tactics: Option<i32>,
    pub leaderless: bool,
    pub iq: Option<i32>,
    pub animals: bool,
    #[serde(rename = "mod")]
    pub modifier: Option<i32>,
}

const SIDE_KEYS: &[KeyDef] = &[
    KeyDef::int("leader-iq", 1, 30, "a side without combatants: its leader's IQ (default 10)"),
    KeyDef::flag("leader-cr", "a side without combatants: its leader has Combat Reflexes, +2 to the initiative roll"),
    KeyDef::flag("cr", "someone on the side has Combat Reflexes: +1 to the leader's initiative roll"),
    KeyDef::int("tactics", 0, 30, "the leader's Tactics skill level: +1, or +2 at 20+ (0: none)"),
    KeyDef::flag("leaderless", "no leader: the GM rolls at -2"),
    KeyDef::int("iq", 1, 30, "the group's IQ: a leaderless group of IQ 5 or less has no penalty (default 10)"),
    KeyDef::flag("animals", "animals: no leaderless penalty"),
    KeyDef::int("mod", -10, 10, "the GM's modifier to the side's initiative roll"),
];

/// A combatant's keys, described one by one in `COMBATANT_KEYS`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "kebab-case")]
pub struct CombatantKeys {
    pub iq: Option<i32>,
    pub cr: bool,
    pub speed: Option<Hundredths>,
    pub dx: Option<i32>,
    pub leader: bool,
    pub hp: Option<String>,
    pub ht: Option<i32>,
    pub dr: Option<i32>,
}

const COMBATANT_KEYS: &[KeyDef] = &[
    KeyDef::int("iq", 1, 30, "IQ (default 10)"),
    KeyDef::flag("cr", "Combat Reflexes: never freezes, +6 to recover from surprise"),
    KeyDef::hundredths("speed", 0, 3000, "Basic Speed (default 5)"),
    KeyDef::int("dx", 1, 30, "DX, to break ties of Basic Speed (default 10)"),
    KeyDef::flag(
        "leader",
        "leads its side (unmarked, the first listed leads): its IQ and Combat Reflexes count for the initiative roll",
    ),
    KeyDef::text(
        "hp",
        crate::fight::keys::check_points,
        "Hit Points: a number, or dice each member rolls as it enters",
    ),
    KeyDef::int("ht", 1, 30, "HT, for the rolls injury calls for (default 10)"),
    KeyDef::int("dr", 0, 100, "Damage Resistance, taken off each blow's damage (default 0)"),
];

const KEYS: RulesetKeys = RulesetKeys {
    rules: "gurps",
    side: KeyList::of::<SideKeys>(SIDE_KEYS),
    combatant: KeyList::of::<CombatantKeys>(COMBATANT_KEYS),
};

/// The cast with gurps's keys.
type Cast = cast::Cast<SideKeys, CombatantKeys>;

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

const EXAMPLES: &[Example] = &[
    Example::new(Procedure::Surprise, "fray -r gurps surprise --partial Ann:iq=12,cr Orc:count=3,side=monsters", "")
        .tour(),
    Example::new(Procedure::Surprise, "fray -r gurps surprise --total Clerk:iq=9 Guard:cr Wolf:side=monsters", ""),
    Example::new(Procedure::Initiative, "fray -r gurps initiative Ann:speed=6,dx=12 Orc:speed=5.5,side=monsters", ""),
    Example::new(Procedure::Reaction, "fray -r gurps reaction --mod 2", ""),
    Example::new(Procedure::Encounter, "fray -r gurps encounter --partial --reaction Ann:iq=12 Orc:side=monsters", ""),
];

pub static RULESET: Ruleset = Ruleset {
    id: "gurps",
    aliases: &["gurps4e"],
    title: "GURPS 4th edition",
    keys: KEYS,
    roster: ROSTER,
    procedures: Procedures {
        surprise: Some(crate::handler!(flags::SurpriseFlags, surprise_command)),
        distance: None,
        initiative: Some(crate::handler!(flags::InitiativeFlags, initiative_command)),
        reaction: Some(crate::handler!(flags::ReactionFlags, reaction_command)),
        pursue: None,
        encounter: Some(crate::handler!(flags::EncounterFlags, encounter_command)),
        wandering: None,
        morale: None,
    },
    examples: EXAMPLES,
    values: super::no_values,
    fight: &track::RULES,
    // B343 success rolls, B348 criticals
    versus: crate::dice::Versus::Under3d6,
};

fn surprise_command(args: &flags::SurpriseFlags, cast: cast::Cast, runner: &mut Runner) -> Result<()> {
    // The leaders of both sides roll (partial), or one side attacks the other (total): both
    // default sides take part, a side with nobody named fighting as one combatant.
    let cast: Cast = cast.typed()?;
    runner.run(&surprise_input(fight(&cast)?, &cast, &args.surprise, args.rounds)?)
}

fn initiative_command(_: &flags::InitiativeFlags, cast: cast::Cast, runner: &mut Runner) -> Result<()> {
    runner.run(&Initiative { fight: &fight(&cast.typed()?.take_part(&[]))? })
}

fn reaction_command(args: &flags::ReactionFlags, _: cast::Cast, runner: &mut Runner) -> Result<()> {
    runner.run(&reaction_input(&args.reaction))
}

fn encounter_command(args: &flags::EncounterFlags, cast: cast::Cast, runner: &mut Runner) -> Result<()> {
    let cast: Cast = cast.typed()?;
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
        let listed: Vec<&cast::Combatant<CombatantKeys>> = cast.on_side(i).collect();
        let marked = marked_leader(side, &listed)?;
        let side_iq = keys.iq;
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
                keys.cr || keys.leader_cr == Some(true),
                DEFAULT_SPEED,
                DEFAULT_DX,
            );
        }
        for c in &listed {
            let k = &c.keys;
            let iq = k.iq.unwrap_or(DEFAULT_IQ);
            let speed = k.speed.unwrap_or(DEFAULT_SPEED);
            let dx = k.dx.unwrap_or(DEFAULT_DX);
            push_entry(&mut fight, i, &c.name, c.count, iq, k.cr, speed, dx);
        }
        let members = &fight.fighters[fight.entries[entry_start].first..];
        let leader = side_leader(keys, listed.is_empty(), marked, members);
        let leader_name = leader.as_ref().and_then(|l| l.name.clone());
        let team = Team {
            name: side.name.clone(),
            leader,
            cr: keys.cr || members.iter().any(|f| f.cr),
            cr_names: cr_names(&fight, members, leader_name.as_ref()),
            // The group's IQ: the side's iq, else its brightest member's.
            group_iq: side_iq.or(members.iter().map(|f| f.iq).max()).unwrap_or(DEFAULT_IQ),
            animals: keys.animals,
            modifier: keys.modifier.unwrap_or(0),
        };
        fight.teams.push(team);
    }
    Ok(fight)
}

/// The combatant marked `leader` on `side`, if any, once the side's leader keys are checked:
/// a group cannot lead, a side has one leader, a leaderless side none, and the side keys for
/// a leader only stand in where no combatant can lead.
fn marked_leader<'c>(
    side: &cast::Side<SideKeys>,
    listed: &[&'c cast::Combatant<CombatantKeys>],
) -> Result<Option<&'c cast::Combatant<CombatantKeys>>> {
    let keys = &side.keys;
    let leaders: Vec<&&cast::Combatant<CombatantKeys>> = listed.iter().filter(|c| c.keys.leader).collect();
    if let Some(group) = leaders.iter().find(|c| c.count > 1) {
        return Err(Error::usage(format!(
            "the group '{}*{}' has the leader key, but a group cannot lead",
            group.name, group.count
        ))
        .hint(format!("give the leader its own entry, e.g. Chief:leader,side={}", side.name)));
    }
    if let [first, second, ..] = leaders.as_slice() {
        return Err(Error::usage(format!("side '{}' has two leaders, {} and {}", side.name, first.name, second.name))
            .hint("mark one combatant of a side with leader"));
    }
    let marked = leaders.first().copied().copied();
    if keys.leaderless {
        let clash = match marked {
            Some(c) => Some(format!("its combatant {} has the leader key", c.name)),
            None => [
                ("leader-iq", keys.leader_iq.is_some()),
                ("leader-cr", keys.leader_cr.is_some()),
                ("tactics", keys.tactics.is_some()),
            ]
            .into_iter()
            .find(|(_, given)| *given)
            .map(|(k, _)| format!("it has the side key {k}")),
        };
        if let Some(clash) = clash {
            return Err(Error::usage(format!("side '{}' is leaderless, but {clash}", side.name))
                .hint("a leaderless side has no leader to roll for it: drop one of them"));
        }
    }
    // The leader keys of the side stand in for a leader only where no combatant can lead.
    if !listed.is_empty() {
        let given = [("leader-iq", keys.leader_iq.is_some()), ("leader-cr", keys.leader_cr.is_some())];
        if let Some((key, _)) = given.into_iter().find(|(_, given)| *given) {
            let example = listed.first().map_or("Chief", |c| c.name.as_str());
            return Err(Error::usage(format!(
                "side '{}' has combatants, one of whom leads it; the side key {key} is only for a side without combatants",
                side.name
            ))
            .hint(format!("mark the leader and give its own keys, e.g. '{example}:leader,iq=12,cr'")));
        }
    }
    Ok(marked)
}

/// Who leads the side: nobody when leaderless; for a side without combatants, a leader
/// described by the side keys; else the combatant marked leader, or the first listed.
fn side_leader(
    keys: &SideKeys,
    no_combatants: bool,
    marked: Option<&cast::Combatant<CombatantKeys>>,
    members: &[Fighter],
) -> Option<Leader> {
    let tactics = keys.tactics.unwrap_or(0);
    if keys.leaderless {
        None
    } else if no_combatants {
        // A side without combatants: its leader is described by the side keys.
        Some(Leader {
            name: None,
            first_listed: false,
            iq: keys.leader_iq.unwrap_or(DEFAULT_IQ),
            cr: keys.leader_cr == Some(true),
            tactics,
        })
    } else {
        // SPEC §3.2: the combatant marked leader leads; unmarked, the first listed (a group's first member).
        let chosen = match marked {
            Some(c) => members.iter().find(|f| f.name == c.name),
            None => members.first(),
        };
        chosen.map(|f| Leader {
            name: Some(f.name.clone()),
            first_listed: marked.is_none(),
            iq: f.iq,
            cr: f.cr,
            tactics,
        })
    }
}

/// The side's combatants other than its leader who have Combat Reflexes, by entry, to name
/// the bonus.
fn cr_names(fight: &Fight, members: &[Fighter], leader_name: Option<&String>) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for f in members.iter().filter(|f| f.cr && Some(&f.name) != leader_name) {
        let entry = &fight.entries[f.entry];
        if !names.contains(&entry.name) {
            names.push(entry.name.clone());
        }
    }
    names
}

#[allow(clippy::too_many_arguments)]
fn push_entry(fight: &mut Fight, side: usize, name: &str, count: u32, iq: i32, cr: bool, speed: Hundredths, dx: i32) {
    let entry = fight.entries.len();
    let first = fight.fighters.len();
    let names = cast::member_names(name, count);
    for name in names {
        fight.fighters.push(Fighter { name, side, entry, iq, cr, speed, dx });
    }
    fight.entries.push(Entry { name: name.to_string(), count, first });
}

/// The most recovery rolls (combatants × turns followed) one run may make: ten thousand
/// combatants for a hundred turns, about 170 MiB at most.
pub const MAX_RECOVERY_ROLLS: u64 = 1_000_000;

fn surprise_input(fight: Fight, cast: &Cast, opts: &flags::Surprise, rounds: Option<u32>) -> Result<SurpriseInput> {
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

fn reaction_input(opts: &flags::Reaction) -> ReactionInput {
    ReactionInput { modifiers: opts.modifier.map(|m| Modifier::new(m, "reaction modifier")).into_iter().collect() }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_key_lists_fill_the_key_structs() {
        cast::assert_list_fills::<SideKeys>(&KEYS.side, &[]);
        cast::assert_list_fills::<CombatantKeys>(&KEYS.combatant, &[("hp", "2d6+2")]);
    }
}
