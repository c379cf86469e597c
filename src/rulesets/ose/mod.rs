//! ose: the Old-School Essentials-family six-step encounter procedure (seed 000). This file
//! turns the command line into rule inputs; the family's procedures (surprise, distance,
//! initiative, reaction, pursuit, wandering, morale) roll them and work out their odds, and
//! ose's own [`encounter`] chains them, [`text`] showing it.

pub mod encounter;
pub mod flags;
#[cfg(test)]
mod odds_check;
pub mod text;

use super::{Example, Procedure, Procedures, Ruleset, ambush_side, side_flag, steps};

use crate::cast::{self, KeyDef, KeyList, RulesetKeys};
use crate::emit::Runner;
use crate::error::{Error, Result};
use crate::rulesets::family::basic::flags::{MoraleFlags, ReactionFlags, WanderingFlags};
use crate::rulesets::family::basic::{
    AWARE, CHANCE, DEFAULT_CHANCE, DistanceInput, INITIATIVE_DIE, Initiative, InitiativeInput, ML, MoraleCheck,
    SURPRISE_DIE, Stance, SurpriseInput, SurpriseSide, morale_input, pursue_input, reaction_input, ties, track,
    wandering_command_input, wandering_input, wilderness_terrains,
};
pub use encounter::*;
use flags::{DistanceFlags, EncounterFlags, InitiativeFlags, PursueFlags, SurpriseFlags};
use serde::Deserialize;

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

const SIDE_KEYS: &[KeyDef] = &[AWARE, CHANCE, SURPRISE_DIE, INITIATIVE_DIE, ML];

/// A combatant's keys: its morale score, and its hit points and armour class for a fight.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "kebab-case")]
pub struct CombatantKeys {
    pub ml: Option<i32>,
    pub hp: Option<String>,
    pub ac: Option<i32>,
}

const COMBATANT_KEYS: &[KeyDef] = &[ML, crate::fight::keys::HP, crate::fight::keys::AC];

const KEYS: RulesetKeys = RulesetKeys {
    rules: "ose",
    side: KeyList::of::<SideKeys>(SIDE_KEYS),
    combatant: KeyList::of::<CombatantKeys>(COMBATANT_KEYS),
};

/// The cast with ose's keys.
type Cast = cast::Cast<SideKeys, CombatantKeys>;

const ROSTER: &str = "\
sides:
  - name: party
  - name: monsters
    chance: 2
    ml: 8
    # surprise: 4      # the side's surprise d6, rolled at the table
    # initiative: 5    # the side's d6 for initiative, already rolled
combatants:
  - name: Ansel
  - name: Bree
  - name: Goblin
    count: 4
    side: monsters
";

const EXAMPLES: &[Example] = &[
    Example::new(Procedure::Encounter, "fray encounter", "the six-step encounter, two sides").tour(),
    Example::new(
        Procedure::Encounter,
        "fray encounter --aware monsters --cha 16",
        "the monsters lie in wait; the party parleys",
    )
    .tour(),
    Example::new(Procedure::Surprise, "fray surprise --ambush --odds", "how likely is each side to be surprised?")
        .tour(),
    Example::new(Procedure::Reaction, "fray -f json -n 1000 reaction --cha 13 | jq .result", "").tour(),
    Example::new(Procedure::Distance, "fray distance -q --outdoors", "just the number, for $(...)").tour(),
    Example::new(Procedure::Surprise, "fray surprise", "party and monsters roll 2-in-6"),
    Example::new(Procedure::Surprise, "fray surprise --ambush monsters --odds", "the party's chance rises to 3-in-6"),
    Example::new(Procedure::Surprise, "fray surprise --side party --side orcs:chance=3 --side wolves:aware", ""),
    Example::new(Procedure::Distance, "fray distance", "dungeon: 2d6 x 10'"),
    Example::new(Procedure::Distance, "fray distance --outdoors", "2d6 x 30'"),
    Example::new(Procedure::Distance, "fray distance --both-surprised -q", "1d4 x 10', just the number"),
    Example::new(Procedure::Initiative, "fray initiative --ties simultaneous", ""),
    Example::new(Procedure::Initiative, "fray initiative --side party --side orcs --side wolves --wait wolves", ""),
    Example::new(Procedure::Reaction, "fray reaction", "2d6 on the reaction table"),
    Example::new(Procedure::Reaction, "fray reaction --cha 16 --mod -1", ""),
    Example::new(Procedure::Pursue, "fray pursue --quarry 40 --pursuer 30", ""),
    Example::new(Procedure::Pursue, "fray pursue --quarry 30 --pursuer 40 --gap 60 --drop treasure@2", ""),
    Example::new(Procedure::Pursue, "fray pursue --quarry 40 --pursuer 40 --odds", ""),
    Example::new(Procedure::Encounter, "fray encounter --aware monsters", "the spider heard the party coming"),
    Example::new(Procedure::Encounter, "fray encounter --outdoors --cha 16 -f yaml", ""),
    Example::new(
        Procedure::Encounter,
        "fray encounter --wandering --morale --ml 7 Ann Orc:count=4,side=monsters",
        "from the check to the rout",
    ),
    Example::new(Procedure::Wandering, "fray wandering", "dungeon: 1-in-6"),
    Example::new(Procedure::Wandering, "fray wandering --terrain swamp --checks 3", "three days, 3-in-6 each"),
    Example::new(Procedure::Wandering, "fray wandering --chance 2 --checks 6 --odds", "at least one in six checks?"),
    Example::new(Procedure::Morale, "fray morale --ml 7 --losing", "2d6 against ML 7 - 1"),
    Example::new(Procedure::Morale, "fray morale --side monsters --odds Orc:count=6,ml=7 Ogre:ml=10", ""),
];

pub static RULESET: Ruleset = Ruleset {
    id: "ose",
    aliases: &[],
    title: "Old-School Essentials six-step encounter procedure",
    keys: KEYS,
    roster: ROSTER,
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
    examples: EXAMPLES,
    values: wilderness_terrains,
    fight: &track::RULES,
    // OSE SRD "Attacking": a natural 20 always hits, a natural 1 always misses
    versus: crate::dice::Versus::D20,
};

fn surprise_command(args: &SurpriseFlags, cast: cast::Cast, runner: &mut Runner) -> Result<()> {
    // Every side rolls: both default sides take part, with or without combatants.
    let cast: Cast = cast.typed()?;
    runner.run(&surprise_input(&cast, &args.surprise)?)
}

fn distance_command(args: &DistanceFlags, _: cast::Cast, runner: &mut Runner) -> Result<()> {
    runner.run(&DistanceInput { outdoors: args.place.outdoors, both_surprised: args.both_surprised })
}

fn initiative_command(args: &InitiativeFlags, cast: cast::Cast, runner: &mut Runner) -> Result<()> {
    let cast: Cast = cast.typed()?;
    let surprised = side_flag(&cast, "--surprised", &args.surprised)?;
    let input = initiative_input(&cast, &args.order)?;
    let surprised = (0..cast.sides.len()).map(|i| surprised.contains(&i)).collect();
    runner.run(&Initiative { input: &input, surprised })
}

fn reaction_command(args: &ReactionFlags, _: cast::Cast, runner: &mut Runner) -> Result<()> {
    runner.run(&reaction_input(&args.reaction))
}

fn pursue_command(args: &PursueFlags, _: cast::Cast, runner: &mut Runner) -> Result<()> {
    runner.run(&pursue_input(&args.chase, args.place.outdoors)?)
}

fn wandering_command(args: &WanderingFlags, _: cast::Cast, runner: &mut Runner) -> Result<()> {
    runner.run(&wandering_command_input(args)?)
}

fn morale_command(args: &MoraleFlags, cast: cast::Cast, runner: &mut Runner) -> Result<()> {
    let cast: Cast = cast.typed()?;
    let check = MoraleCheck { ml: args.ml, situation: &args.situation, modifier: args.modifier, passed: args.passed };
    runner.run(&morale_input(&cast, |s| s.ml, |c| c.ml, &check, true)?)
}

fn encounter_command(args: &EncounterFlags, cast: cast::Cast, runner: &mut Runner) -> Result<()> {
    let cast: Cast = cast.typed()?;
    if cast.sides.len() < 2 {
        return Err(Error::usage(format!("an encounter needs at least two sides, got one: {}", cast.side_names()))
            .hint("name them with --side, e.g. --side party --side orcs"));
    }
    // A wilderness terrain for the wandering check puts the encounter outdoors.
    let outdoors = args.place.outdoors || args.steps.wandering.terrain.is_some();
    let encounter = EncounterInput {
        surprise: surprise_input(&cast, &args.surprise)?,
        outdoors,
        initiative: initiative_input(&cast, &args.order)?,
        reaction: reaction_input(&args.reaction),
    };
    let step = &args.steps;
    let wandering = steps::wandering_step(
        step.roll_wandering,
        step.wandering.terrain.as_deref(),
        step.wandering.chance,
        outdoors,
        true,
        |t, c| wandering_input(t, c, None),
    )?;
    let m = &step.situation;
    steps::check_morale_flags(
        step.roll_morale,
        &[("--ml", step.ml.is_some()), ("--losing", m.losing), ("--winning", m.winning)],
    )?;
    let check = MoraleCheck { ml: step.ml, situation: m, modifier: None, passed: None };
    let morale = match step.roll_morale {
        true => Some(morale_input(&cast, |s| s.ml, |c| c.ml, &check, false)?),
        false => None,
    };
    if wandering.is_none() && morale.is_none() {
        return runner.run(&encounter);
    }
    runner.run(&steps::Steps { wandering, encounter: &encounter, morale })
}

fn surprise_input(cast: &Cast, opts: &flags::Surprise) -> Result<SurpriseInput> {
    let aware = side_flag(cast, "--aware", &opts.aware)?;
    let ambusher = opts.ambush.as_deref().map(|name| ambush_side(cast, name)).transpose()?;
    let sides = cast
        .sides
        .iter()
        .enumerate()
        .map(|(i, side)| {
            let stance = if ambusher == Some(i) {
                Stance::Ambusher
            } else if aware.contains(&i) || side.keys.aware {
                Stance::Aware
            } else {
                Stance::Rolls
            };
            if stance != Stance::Rolls && side.keys.surprise.is_some() {
                return Err(Error::usage(format!(
                    "side '{}' does not roll for surprise, but has surprise=N",
                    side.name
                ))
                .hint("drop its surprise=N, or its awareness (or ambush)"));
            }
            Ok(SurpriseSide {
                name: side.name.clone(),
                members: cast.on_side(i).flat_map(|c| c.member_names()).collect(),
                stance,
                base_chance: side.keys.chance.map_or(DEFAULT_CHANCE, u32::from),
                ambushed: ambusher.is_some_and(|a| a != i),
                given: side.keys.surprise,
            })
        })
        .collect::<Result<Vec<_>>>()?;
    Ok(SurpriseInput { sides, ambusher: ambusher.map(|i| cast.sides[i].name.clone()) })
}

fn initiative_input(cast: &Cast, opts: &flags::Order) -> Result<InitiativeInput> {
    let waits = side_flag(cast, "--wait", &opts.wait)?;
    Ok(InitiativeInput {
        sides: cast.sides.iter().map(|s| s.name.clone()).collect(),
        waits: (0..cast.sides.len()).map(|i| waits.contains(&i)).collect(),
        ties: ties(opts.ties),
        given: cast.sides.iter().map(|s| s.keys.initiative).collect(),
    })
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
