//! bx: classic Basic/Expert numbers, as in the Old-School Essentials SRD. This file turns the
//! command line into rule inputs; each procedure's file ([`surprise`], [`distance`],
//! [`initiative`], [`reaction`], [`pursue`], [`encounter`]) rolls it and works out its odds,
//! calling the family's rule (shared with ose) where B/X has the same one (surprise, side
//! initiative, the dungeon chase, the Charisma table); [`text`] shows them.

pub mod distance;
pub mod encounter;
pub mod flags;
pub mod initiative;
pub mod pursue;
pub mod reaction;
pub mod surprise;
pub mod terrain;
pub mod text;

use super::{Example, Procedure, Procedures, Ruleset, side_flag, steps};

use crate::cast::{self, KeyDef, KeyList, RulesetKeys, Side};
use crate::emit::Runner;
use crate::error::{Error, Result};
use crate::outcome::Modifier;
use crate::rulesets::family::basic::flags::{MoraleFlags, ReactionFlags, WanderingFlags};
use crate::rulesets::family::basic::{self, Ties, wilderness_terrains};
use flags::{DistanceFlags, EncounterFlags, InitiativeFlags, PursueFlags, SurpriseFlags};
use serde::Deserialize;
pub use {distance::*, encounter::*, initiative::*, pursue::*, reaction::*, surprise::*, terrain::*};

/// A side's keys, described one by one in `SIDE_KEYS`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "kebab-case")]
pub struct SideKeys {
    pub aware: bool,
    pub chance: Option<u8>,
    pub surprise: Option<u32>,
    pub initiative: Option<u32>,
    pub ml: Option<i32>,
}

const SIDE_KEYS: &[KeyDef] = &[basic::AWARE, basic::CHANCE, basic::SURPRISE_DIE, basic::INITIATIVE_DIE, basic::ML];

/// A combatant's keys, described one by one in `COMBATANT_KEYS`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "kebab-case")]
pub struct CombatantKeys {
    pub dex: Option<i32>,
    #[serde(rename = "mod")]
    pub modifier: Option<i32>,
    pub slow: bool,
    pub initiative: Option<i32>,
    pub ml: Option<i32>,
    pub hp: Option<String>,
    pub ac: Option<i32>,
}

const COMBATANT_KEYS: &[KeyDef] = &[
    KeyDef::int("dex", 3, 18, "DEX score, whose modifier adds to individual initiative"),
    KeyDef::int("mod", -10, 10, "initiative modifier, for monsters without a DEX score"),
    KeyDef::flag("slow", "wields a two-handed or slow weapon: always acts last"),
    KeyDef::int("initiative", -10, 30, "individual initiative total, already rolled at the table"),
    basic::ML,
    crate::fight::keys::HP,
    crate::fight::keys::AC,
];

const KEYS: RulesetKeys = RulesetKeys {
    rules: "bx",
    side: KeyList::of::<SideKeys>(SIDE_KEYS),
    combatant: KeyList::of::<CombatantKeys>(COMBATANT_KEYS),
};

/// The cast with bx's keys.
type Cast = cast::Cast<SideKeys, CombatantKeys>;

const ROSTER: &str = "\
sides:
  - name: party
  - name: goblins
    chance: 2
    ml: 7         # their morale score, for morale checks
    surprise: 5   # their surprise die, already rolled at the table
combatants:
  - name: Ansel
    # dex: 16     # initiative --individual only: DEX adds
  - name: Bree
    slow: true    # acts after every side
  - name: Goblin
    count: 4
    side: goblins
  - name: Ogre
    side: goblins
    # mod: -1     # with initiative --individual only
    slow: true
";

const EXAMPLES: &[Example] = &[
    Example::new(Procedure::Initiative, "fray -r bx initiative --individual Ansel:dex=16 Ogre:side=monsters,slow", "")
        .tour(),
    Example::new(Procedure::Surprise, "fray -r bx surprise --aware monsters", "only the party rolls"),
    Example::new(Procedure::Distance, "fray -r bx distance --wilderness", "4d6 x 10 yards"),
    Example::new(Procedure::Reaction, "fray -r bx reaction --cha 13", ""),
    Example::new(Procedure::Pursue, "fray -r bx pursue --quarry 90 --pursuer 120", ""),
    Example::new(Procedure::Encounter, "fray -r bx encounter --outdoors --cha 13", ""),
    Example::new(Procedure::Encounter, "fray -r bx encounter --wandering --terrain forest --morale --ml 8", ""),
    Example::new(Procedure::Wandering, "fray -r bx wandering --terrain mountains", "3-in-6 a day"),
    Example::new(Procedure::Morale, "fray -r bx morale --side orcs:ml=8 --passed 1", "the second success: to the end"),
];

pub static RULESET: Ruleset = Ruleset {
    id: "bx",
    aliases: &[],
    title: "Classic Basic/Expert numbers, as in the Old-School Essentials SRD",
    keys: KEYS,
    roster: ROSTER,
    examples: EXAMPLES,
    values: wilderness_terrains,
    fight: &basic::track::RULES,
    // OSE SRD "Attacking": a natural 20 always hits, a natural 1 always misses
    versus: crate::dice::Versus::D20,
    procedures: Procedures {
        surprise: Some(crate::handler!(SurpriseFlags, surprise_command)),
        distance: Some(crate::handler!(DistanceFlags, distance_command)),
        initiative: Some(crate::handler!(InitiativeFlags, initiative_command)),
        reaction: Some(crate::handler!(ReactionFlags, reaction_command)),
        pursue: Some(crate::handler!(PursueFlags, pursue_command)),
        encounter: Some(crate::handler!(EncounterFlags, encounter_command)),
        wandering: Some(crate::handler!(WanderingFlags, wandering_command)),
        morale: Some(crate::handler!(MoraleFlags, morale_command)),
    },
};

fn terrain(opts: &flags::Place) -> Terrain {
    if opts.waterborne {
        Terrain::Waterborne
    } else if opts.outdoors || opts.wilderness {
        Terrain::Wilderness
    } else {
        Terrain::Dungeon
    }
}

fn surprise_command(args: &SurpriseFlags, cast: cast::Cast, runner: &mut Runner) -> Result<()> {
    // Every side rolls: both default sides take part, with or without combatants.
    let cast: Cast = cast.typed()?;
    runner.run(&Surprise(surprise_input(&cast, &args.aware)?))
}

fn distance_command(args: &DistanceFlags, _: cast::Cast, runner: &mut Runner) -> Result<()> {
    runner.run(&Distance { terrain: terrain(&args.place), surprised: args.surprised })
}

fn initiative_command(args: &InitiativeFlags, cast: cast::Cast, runner: &mut Runner) -> Result<()> {
    // Sides roll, so both default sides take part; with --individual combatants roll, and an
    // empty default side (unless --surprised names it) takes none.
    let cast: Cast = match args.individual {
        true => cast.typed()?.take_part(&args.surprised.iter().map(String::as_str).collect::<Vec<_>>()),
        false => cast.typed()?,
    };
    let surprised = side_flag(&cast, "--surprised", &args.surprised)?;
    let surprised: Vec<bool> = (0..cast.sides.len()).map(|i| surprised.contains(&i)).collect();
    if args.individual {
        return runner.run(&individual_input(&cast, &surprised, basic::ties(args.ties))?);
    }
    let input = side_initiative_input(&cast, basic::ties(args.ties))?;
    runner.run(&SideInitiative { initiative: basic::Initiative { input: &input, surprised }, slow: slow_of(&cast) })
}

fn reaction_command(args: &ReactionFlags, _: cast::Cast, runner: &mut Runner) -> Result<()> {
    runner.run(&Reaction { modifiers: basic::reaction_input(&args.reaction).modifiers })
}

fn encounter_command(args: &EncounterFlags, cast: cast::Cast, runner: &mut Runner) -> Result<()> {
    let cast: Cast = cast.typed()?;
    if cast.sides.len() < 2 {
        return Err(Error::usage(format!("an encounter needs at least two sides, got one: {}", cast.side_names()))
            .hint("name them with --side, e.g. --side party --side orcs"));
    }
    // A wilderness terrain for the wandering check puts the encounter in the wilderness.
    let step = &args.steps;
    let place = match terrain(&args.place) {
        Terrain::Dungeon if step.wandering.terrain.is_some() => Terrain::Wilderness,
        place => place,
    };
    let encounter = Encounter {
        surprise: surprise_input(&cast, &args.aware)?,
        terrain: place,
        initiative: side_initiative_input(&cast, basic::ties(args.ties))?,
        slow: slow_of(&cast),
        reaction: Reaction { modifiers: basic::reaction_input(&args.reaction).modifiers },
    };
    let outdoors = place != Terrain::Dungeon;
    let wandering = steps::wandering_step(
        step.roll_wandering,
        step.wandering.terrain.as_deref(),
        step.wandering.chance,
        outdoors,
        true,
        |t, c| basic::wandering_input(t, c, None),
    )?;
    let m = &step.situation;
    steps::check_morale_flags(
        step.roll_morale,
        &[("--ml", step.ml.is_some()), ("--losing", m.losing), ("--winning", m.winning)],
    )?;
    let check = basic::MoraleCheck { ml: step.ml, situation: m, modifier: None, passed: None };
    let morale = match step.roll_morale {
        true => Some(basic::morale_input(&cast, |s| s.ml, |c| c.ml, &check, false)?),
        false => None,
    };
    if wandering.is_none() && morale.is_none() {
        return runner.run(&encounter);
    }
    runner.run(&steps::Steps { wandering, encounter: &encounter, morale })
}

/// B/X checks for wandering monsters as ose does (OSE SRD, the B/X numbers).
fn wandering_command(args: &WanderingFlags, _: cast::Cast, runner: &mut Runner) -> Result<()> {
    runner.run(&basic::wandering_command_input(args)?)
}

/// B/X checks morale as ose does (OSE SRD, Morale).
fn morale_command(args: &MoraleFlags, cast: cast::Cast, runner: &mut Runner) -> Result<()> {
    let cast: Cast = cast.typed()?;
    let check =
        basic::MoraleCheck { ml: args.ml, situation: &args.situation, modifier: args.modifier, passed: args.passed };
    runner.run(&basic::morale_input(&cast, |s| s.ml, |c| c.ml, &check, true)?)
}

/// The family's surprise input: no ambush in B/X, and a side's die may be given (`surprise=N`).
fn surprise_input(cast: &Cast, aware: &[String]) -> Result<basic::SurpriseInput> {
    let aware = side_flag(cast, "--aware", aware)?;
    let mut sides = Vec::with_capacity(cast.sides.len());
    for (i, side) in cast.sides.iter().enumerate() {
        let keys = &side.keys;
        let is_aware = keys.aware || aware.contains(&i);
        if is_aware && keys.surprise.is_some() {
            return Err(Error::usage(format!("side '{}' is aware and does not roll for surprise", side.name))
                .hint("drop its surprise=N, or its awareness"));
        }
        sides.push(basic::SurpriseSide {
            name: side.name.clone(),
            members: cast.on_side(i).flat_map(|c| c.member_names()).collect(),
            stance: if is_aware { basic::Stance::Aware } else { basic::Stance::Rolls },
            base_chance: keys.chance.map_or(basic::DEFAULT_CHANCE, u32::from),
            ambushed: false,
            given: keys.surprise,
        });
    }
    Ok(basic::SurpriseInput { sides, ambusher: None })
}

/// A combatant's `initiative=N` is an individual total: refused where sides roll. So are
/// `dex=` and `mod=`, which only the optional individual initiative adds (OSE SRD, Combat): a
/// side's d6 takes no modifier.
fn refuse_individual_totals(cast: &Cast) -> Result<()> {
    for c in &cast.combatants {
        if c.keys.initiative.is_some() {
            return Err(Error::usage(format!(
                "combatant '{}' gives initiative=N, an individual total, but here each side rolls",
                c.name
            ))
            .hint("add --individual, or give the side's d6 as --side NAME:initiative=N"));
        }
        let key = match (c.keys.dex, c.keys.modifier) {
            (Some(_), _) => "dex",
            (_, Some(_)) => "mod",
            _ => continue,
        };
        return Err(Error::usage(format!(
            "combatant '{}' gives {key}=, which only individual initiative adds, but here each side rolls \
             an unmodified d6",
            c.name
        ))
        .hint(format!("add --individual (initiative only), or drop {key}=")));
    }
    Ok(())
}

/// Everyone with a slow weapon (each member of a group), in the order given.
fn slow_of(cast: &Cast) -> Vec<Slow> {
    let slow = cast.combatants.iter().filter(|c| c.keys.slow);
    slow.flat_map(|c| c.member_names().into_iter().map(|name| Slow { name, side: cast.sides[c.side].name.clone() }))
        .collect()
}

/// The family's side initiative input: no waiting in B/X, and a side's d6 may be given.
fn side_initiative_input(cast: &Cast, ties: Ties) -> Result<basic::InitiativeInput> {
    refuse_individual_totals(cast)?;
    Ok(basic::InitiativeInput {
        sides: cast.sides.iter().map(|s| s.name.clone()).collect(),
        waits: Vec::new(),
        ties,
        given: cast.sides.iter().map(|s| s.keys.initiative).collect(),
    })
}

/// Everyone who rolls individually: each member of each group, and a side without
/// combatants as one combatant; the sides `surprised` sit out unless all are.
fn individual_input(cast: &Cast, surprised: &[bool], ties: Ties) -> Result<Individuals> {
    let all_surprised = surprised.iter().all(|&s| s);
    let mut combatants = Vec::new();
    for (i, side) in cast.sides.iter().enumerate() {
        let members: Vec<_> = cast.on_side(i).collect();
        if side.keys.initiative.is_some() && !members.is_empty() {
            return Err(Error::usage(format!(
                "side '{}' gives initiative=N, a side's d6, but --individual rolls for each combatant",
                side.name
            ))
            .hint("give each combatant's total as NAME:initiative=N"));
        }
        if surprised[i] && !all_surprised {
            continue;
        }
        if members.is_empty() {
            combatants.push(side_as_individual(side));
        }
        for c in members {
            let keys = &c.keys;
            let mut modifiers = Vec::new();
            if let Some(dex) = keys.dex {
                modifiers.push(Modifier::new(dex_modifier(dex), format!("DEX {dex}")));
            }
            if let Some(m) = keys.modifier {
                modifiers.push(Modifier::new(m, "modifier"));
            }
            for name in c.member_names() {
                combatants.push(Individual {
                    name,
                    side: side.name.clone(),
                    modifiers: modifiers.clone(),
                    slow: keys.slow,
                    given: keys.initiative,
                });
            }
        }
    }
    let left_out = cast.sides.iter().zip(surprised).filter(|(_, s)| **s && !all_surprised);
    Ok(Individuals {
        combatants,
        surprised: left_out.map(|(side, _)| side.name.clone()).collect(),
        all_surprised,
        ties,
    })
}

/// A side without combatants, rolling as one; its `initiative=N` is its total.
fn side_as_individual(side: &Side<SideKeys>) -> Individual {
    Individual {
        name: side.name.clone(),
        side: side.name.clone(),
        modifiers: Vec::new(),
        slow: false,
        given: side.keys.initiative.map(|d6| d6 as i32),
    }
}

fn pursue_command(args: &PursueFlags, _: cast::Cast, runner: &mut Runner) -> Result<()> {
    let chase = &args.chase;
    let (Some(quarry), Some(pursuer)) = (chase.quarry, chase.pursuer) else {
        let missing = if chase.quarry.is_none() { "--quarry" } else { "--pursuer" };
        return Err(Error::usage(format!("bx pursue needs {missing} SPEED"))
            .hint("give both base movement rates, e.g. fray -r bx pursue --quarry 120 --pursuer 90"));
    };
    let terrain = terrain(&args.place);
    let given = [
        ("--gap", chase.gap.is_some()),
        ("--sight", chase.sight.is_some()),
        ("--drop", !chase.drop.is_empty()),
        ("--rounds", chase.rounds.is_some()),
        ("--quarry-count", args.quarry_count.is_some()),
        ("--pursuer-count", args.pursuer_count.is_some()),
        ("--mod", args.modifier.is_some()),
        ("--surprised", args.surprised.is_some()),
        ("--days", args.days.is_some()),
    ];
    let own: &[&str] = match terrain {
        Terrain::Dungeon => &["--gap", "--sight", "--drop", "--rounds"],
        Terrain::Wilderness => &["--quarry-count", "--pursuer-count", "--mod", "--surprised", "--days"],
        Terrain::Waterborne => &["--gap", "--rounds"],
    };
    if let Some((flag, _)) = given.iter().find(|(flag, on)| *on && !own.contains(flag)) {
        return Err(Error::usage(format!("{flag} has no meaning in a {} pursuit", terrain.word())).hint(format!(
            "bx pursue --{} takes --quarry, --pursuer, {}",
            terrain.word(),
            own.join(", ")
        )));
    }
    match terrain {
        Terrain::Dungeon => {
            let mut chase = basic::pursue_input(&args.chase, args.place.outdoors)?;
            // OSE SRD, Evasion and Pursuit: runners cover their full base movement each round.
            chase.pace = 1;
            runner.run(&Pursuit::Dungeon(chase))
        }
        Terrain::Wilderness => {
            let (Some(quarry_count), Some(pursuer_count)) = (args.quarry_count, args.pursuer_count) else {
                return Err(Error::usage("bx pursue --wilderness needs --quarry-count N and --pursuer-count N").hint(
                    "the evasion chance goes by the size of each group, e.g. --quarry-count 5 --pursuer-count 12",
                ));
            };
            runner.run(&Pursuit::Wilderness(WildernessInput {
                quarry,
                pursuer,
                quarry_count,
                pursuer_count,
                modifier: args.modifier,
                surprised: args.surprised.map(|s| match s {
                    flags::Surprised::Quarry => Surprised::Quarry,
                    flags::Surprised::Pursuers => Surprised::Pursuers,
                }),
                days: args.days.unwrap_or(DEFAULT_DAYS),
            }))
        }
        Terrain::Waterborne => {
            runner.run(&Pursuit::Waterborne(WaterborneInput { quarry, pursuer, gap: chase.gap, rounds: chase.rounds }))
        }
    }
}

/// Days a wilderness pursuit is followed before the referee decides: a week.
const DEFAULT_DAYS: u32 = 7;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_key_lists_fill_the_key_structs() {
        cast::assert_list_fills::<SideKeys>(&KEYS.side, &[]);
        cast::assert_list_fills::<CombatantKeys>(&KEYS.combatant, &[("hp", "2d6+2")]);
    }

    #[test]
    fn the_terrain_flags_are_all_taken() {
        for flag in ["--dungeon", "--outdoors", "--wilderness", "--waterborne"] {
            assert!(RULESET.flags(super::super::Procedure::Distance).unwrap().contains(&flag));
            assert!(RULESET.flags(super::super::Procedure::Pursue).unwrap().contains(&flag));
            assert!(RULESET.flags(super::super::Procedure::Encounter).unwrap().contains(&flag));
        }
    }
}
