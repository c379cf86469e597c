//! bx: classic Basic/Expert numbers, as in the Old-School Essentials SRD. This file turns the
//! command line into rule inputs; each procedure's file ([`surprise`], [`distance`],
//! [`initiative`], [`reaction`], [`pursue`], [`encounter`]) rolls it and works out its odds,
//! calling ose's rule where B/X has the same one (surprise, side initiative, the dungeon chase,
//! the Charisma table); [`text`] shows them.

pub mod distance;
pub mod encounter;
#[cfg(test)]
mod fixtures;
pub mod initiative;
pub mod pursue;
pub mod reaction;
pub mod surprise;
pub mod terrain;
pub mod text;

use super::{Handler, Manual, Procedures, Ruleset, side_flag};
use crate::cast::{self, KeyDef, KeyList, RulesetKeys, Side};
use crate::cli::{self, RulesId};
use crate::emit::Runner;
use crate::error::{Error, Result};
use crate::outcome::Modifier;
use crate::rulesets::ose::{self, Ties};
use serde::Deserialize;
pub use {distance::*, encounter::*, initiative::*, pursue::*, reaction::*, surprise::*, terrain::*};

/// A side's keys, described one by one in [`SIDE_KEYS`].
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "kebab-case")]
pub struct SideKeys {
    pub aware: bool,
    pub chance: Option<u8>,
    pub surprise: Option<u32>,
    pub initiative: Option<u32>,
}

const SIDE_KEYS: &[KeyDef] = &[ose::AWARE, ose::CHANCE, ose::SURPRISE_DIE, ose::INITIATIVE_DIE];

/// A combatant's keys, described one by one in [`COMBATANT_KEYS`].
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "kebab-case")]
pub struct CombatantKeys {
    pub dex: Option<i32>,
    #[serde(rename = "mod")]
    pub modifier: Option<i32>,
    pub slow: bool,
    pub initiative: Option<i32>,
}

const COMBATANT_KEYS: &[KeyDef] = &[
    KeyDef::int("dex", 3, 18, "DEX score, whose modifier adds to individual initiative"),
    KeyDef::int("mod", -10, 10, "initiative modifier, for monsters without a DEX score"),
    KeyDef::flag("slow", "wields a two-handed or slow weapon: always acts last"),
    KeyDef::int("initiative", -10, 30, "individual initiative total, already rolled at the table"),
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
    surprise: 5   # their surprise die, already rolled at the table
combatants:
  - name: Ansel
    # dex: 16     # with initiative --individual only, where DEX adds to the roll
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

const MANUAL: Manual = Manual {
    intro: &[
        "The B/X numbers of the OSE SRD (Encounters, Evasion and Pursuit, Combat, Ability Scores). Where a rule is the one `ose` has, `bx` runs `ose`'s rule: surprise, side initiative and the dungeon chase.",
    ],
    rules: &[
        (
            "`surprise`",
            "every side not `aware` (or `--aware SIDE`) rolls 1d6 and is surprised on 1–2, or on its `chance=N`; `surprise=N` gives a side's die already rolled at the table, shown as given. None surprised: no advantage; some: the others get one free round; all: a moment of confusion. No `--ambush` in B/X: give the ambushed side a higher `chance`.",
        ),
        (
            "`distance`",
            "`--dungeon` (default) 2d6 × 10′, whatever the surprise; `--wilderness` (or `--outdoors`) and `--waterborne` 4d6 × 10 yards, 1d4 × 10 yards when either side is `--surprised`.",
        ),
        (
            "`initiative`",
            "each side not `--surprised` rolls 1d6 (or gives it: `initiative=N`), highest first; a `slow` combatant (a two-handed or slow weapon) acts after every side, whatever its side rolled (OSE SRD, Combat: slow weapons always act last), and `dex=` and `mod=`, which a side's d6 does not take, are refused without `--individual`; ties as in `ose`: `--ties reroll` (default), the tied roll 1d6 each and those still tied re-roll until every place is settled, or `--ties simultaneous`, they act at the same time. `--individual`: each combatant rolls 1d6 + its DEX modifier (`dex=SCORE`) and any `mod=N`, or gives its total (`initiative=N`); `slow` (a two-handed or slow weapon) acts after everyone else, and among the slow the higher total first; ties the same way, among those level on both: the SRD's individual initiative gives no tie rule of its own, so we apply its side rule (`--ties`) to the tied combatants, a re-roll being a bare 1d6 roll-off among them, as a side's die takes no modifier (DEX set the totals that tied and does not weigh a second time); a side named with `--side` and without combatants rolls as one (a default side nobody is on takes no part); each member of a `*COUNT` group rolls.",
        ),
        (
            "`reaction`",
            "2d6 + modifiers: ≤2 Hostile, attacks · 3–5 Unfriendly, may attack · 6–8 Neutral, uncertain · 9–11 Indifferent, uninterested · ≥12 Friendly, helpful. `--cha SCORE` (the same table as DEX below), `--cha-mod N`, `--mod N`.",
        ),
        (
            "`pursue --dungeon` (default)",
            "`--quarry SPEED --pursuer SPEED` are base movement rates, run in full each round. A faster quarry escapes at once (round 0). Otherwise `ose`'s chase: `--gap FEET` (default 2d6 × 10′), `--sight FEET`, `--drop treasure|food[@ROUND]` (3-in-6 the pursuers stop), `--rounds N` (default 10); after 30 rounds of running both sides are exhausted (−2 to attacks, damage and AC until they rest three turns).",
        ),
        (
            "`pursue --wilderness`",
            "a percentile evasion roll by the size of each group (`--quarry-count N --pursuer-count N`, table below); +25% when the quarry is at least twice as fast as its pursuers, −25% the other way round; `--mod PERCENT`, the referee's modifier for the terrain; never below 5%. `--surprised quarry`: it may not evade when the sides meet (only the `--mod` chance, if given); `--surprised pursuers`: it gets away. A failed evasion: faster pursuers catch the quarry on 50%, else it tries again the next day (surprise no longer counts), for `--days N` (default 7).",
        ),
        (
            "`pursue --waterborne`",
            "the fleeing vessel evades on 80% when it is faster; when slower by 0–30′ a round 50%, 31–60′ 40%, 61–90′ 35%, 91–120′ 25%, more 10%. A failed evasion starts a chase from `--gap FEET` (default 4d6 × 10 yards); the gap closes by the difference in speed, at least 30′ a round, until caught (or `--rounds N`).",
        ),
        (
            "`encounter`",
            "surprise, distance (outdoors shortened when either side is surprised), initiative of the sides not surprised (the `slow` after every side that acts; `dex=` and `mod=` refused, as in side initiative), the reaction of every side met by the first (with `--cha`), and the conclusion: at least one turn passes. `--wilderness`/`--waterborne` as for distance.",
        ),
    ],
    notes: &[
        "The wilderness evasion chance, by the number fleeing and the number pursuing: 1–4 fleeing: 1 pursuer 50% · 2–3: 70% · 4+: 90%; 5–12 fleeing: 1–3 pursuers 35% · 4–8: 50% · 9+: 70%; 13–24 fleeing: 1–6 pursuers 25% · 7–16: 35% · 17+: 50%; 25 or more fleeing: 1–10 pursuers 10% · 11–30: 25% · 31+: 35%.",
        "DEX and CHA modifiers: 3: −2 · 4–5: −1 · 6–8: −1 · 9–12: 0 · 13–15: +1 · 16–17: +1 · 18: +2.",
        "Side keys: `aware`, `chance=N` (0–6, default 2), `surprise=N` (1–6, the side's surprise die), `initiative=N` (1–6, the side's initiative die). Combatant keys: `dex=SCORE` (3–18), `mod=N` (−10..10, an initiative modifier for monsters), `slow`, `initiative=N` (an individual total, with `--individual`). A side's `initiative=N` with `--individual`, a combatant's `initiative=N`, `dex=` or `mod=` without it (in `initiative` and `encounter`), and `surprise=N` on an aware side are refused.",
    ],
    output: &[
        (
            "`surprise`",
            "as `ose`, and `given: true` on a side whose die was given (`surprise=N`); no `ambusher` stance.",
        ),
        (
            "`distance`",
            "`{terrain: dungeon|wilderness|waterborne, surprised, roll, unit: feet|yards, scale, yards? (outdoors), feet (yards × 3 outdoors)}`.",
        ),
        (
            "`initiative`",
            "sides as `ose` (with `given: true` on a given die), and `slow_last?: [{name, side}]`, the slow weapons that act after every side, in the sides' order. `--individual`: `order` — in acting order, each `{name, side, total, place (shared when simultaneous), roll?, modifiers?, given?, slow?}`; `surprised?` (sides that sit out); `ties?` — tie records as in `ose`, `total` the shared total; `notes?: [all_surprised]`.",
        ),
        ("`reaction`", "`{roll, modifiers, total, result, band: hostile|unfriendly|neutral|indifferent| friendly}`."),
        (
            "`pursue`",
            "always `terrain`, `quarry`, `pursuer`, `outcome: caught|escaped|distracted|running` and `round`. A faster quarry in a dungeon: `{automatic: true, outcome: escaped, round: 0}`. Otherwise in a dungeon the `ose` pursuit (`quarry_run`, `pursuer_run`, `start_gap`, `start?`, `sight?`, `rounds`, `gap`, `note?`) and `exhausted?` (30 rounds run). Wilderness: `quarry_count`, `pursuer_count`, `chance` — `{base? (the table), modifiers?, chance, floor?, surprised?: quarry|pursuers}` — and `later_chance?` (from day 2, when it differs), `faster_pursuers`, `days` — each `{day, evasion? (1d100), evaded, catch? (1d100), caught}` — and `day`; here `round` counts days too. Waterborne: `chance`, `band: faster|0-30|31-60|61-90|91-120|over_120`, `evasion` (1d100), `evaded`, then when chased `start?` (the rolled distance), `start_gap`, `closing` (feet a round), `rounds: [{round, gap}]`, `gap`.",
        ),
        ("`encounter`", "`{surprise, distance, initiative, reaction: [{name, …reaction}], conclusion}`."),
    ],
    quiet_encounter: "`surprised=monsters feet=50 order=party reaction=12`, with the distance in `feet` (yards × 3 outdoors) and in `reaction` the total of each side the first side meets, in side order.",
};

pub static RULESET: Ruleset = Ruleset {
    id: "bx",
    cli: RulesId::Bx,
    keys: KEYS,
    roster: ROSTER,
    manual: MANUAL,
    procedures: Procedures {
        surprise: Some(Handler { flags: &["--aware"], run: surprise_command }),
        distance: Some(Handler {
            flags: &["--dungeon", "--outdoors", "--wilderness", "--waterborne", "--surprised"],
            run: distance_command,
        }),
        initiative: Some(Handler { flags: &["--ties", "--surprised", "--individual"], run: initiative_command }),
        reaction: Some(Handler { flags: &["--cha", "--cha-mod", "--mod"], run: reaction_command }),
        pursue: Some(Handler {
            flags: &[
                "--quarry",
                "--pursuer",
                "--gap",
                "--sight",
                "--drop",
                "--rounds",
                "--dungeon",
                "--outdoors",
                "--wilderness",
                "--waterborne",
                "--quarry-count",
                "--pursuer-count",
                "--mod",
                "--surprised",
                "--days",
            ],
            run: pursue_command,
        }),
        encounter: Some(Handler {
            flags: &[
                "--aware",
                "--dungeon",
                "--outdoors",
                "--wilderness",
                "--waterborne",
                "--ties",
                "--cha",
                "--cha-mod",
                "--mod",
            ],
            run: encounter_command,
        }),
    },
};

fn terrain(opts: &cli::TerrainOpts) -> Terrain {
    if opts.waterborne {
        Terrain::Waterborne
    } else if opts.outdoors || opts.wilderness {
        Terrain::Wilderness
    } else {
        Terrain::Dungeon
    }
}

/// The sides `--aware` names, which take part even with nobody on them.
fn aware_sides(opts: &cli::SurpriseOpts) -> Vec<&str> {
    opts.aware.iter().map(String::as_str).collect()
}

fn surprise_command(args: &cli::SurpriseArgs, cast: cast::Cast, runner: &mut Runner) -> Result<()> {
    let cast: Cast = cast.typed()?.take_part(&aware_sides(&args.surprise));
    runner.run(&Surprise(surprise_input(&cast, &args.surprise.aware)?))
}

fn distance_command(args: &cli::DistanceArgs, _: cast::Cast, runner: &mut Runner) -> Result<()> {
    runner.run(&Distance { terrain: terrain(&args.terrain), surprised: args.surprised })
}

fn initiative_command(args: &cli::InitiativeArgs, cast: cast::Cast, runner: &mut Runner) -> Result<()> {
    let named: Vec<&str> = args.surprised.iter().map(String::as_str).collect();
    let cast: Cast = cast.typed()?.take_part(&named);
    let surprised = side_flag(&cast, "--surprised", &args.surprised)?;
    let surprised: Vec<bool> = (0..cast.sides.len()).map(|i| surprised.contains(&i)).collect();
    if args.individual {
        return runner.run(&individual_input(&cast, &surprised, ose::ties(&args.order))?);
    }
    let input = side_initiative_input(&cast, ose::ties(&args.order))?;
    runner.run(&SideInitiative { initiative: ose::Initiative { input: &input, surprised }, slow: slow_of(&cast) })
}

fn reaction_command(args: &cli::ReactionArgs, _: cast::Cast, runner: &mut Runner) -> Result<()> {
    runner.run(&Reaction { modifiers: ose::reaction_input(&args.reaction).modifiers })
}

fn encounter_command(args: &cli::EncounterArgs, cast: cast::Cast, runner: &mut Runner) -> Result<()> {
    let cast: Cast = cast.typed()?.take_part(&aware_sides(&args.surprise));
    if cast.sides.len() < 2 {
        return Err(Error::usage(format!("an encounter needs at least two sides, got {}", cast.side_names()))
            .hint("name them with --side, e.g. --side party --side orcs"));
    }
    runner.run(&Encounter {
        surprise: surprise_input(&cast, &args.surprise.aware)?,
        terrain: terrain(&args.terrain),
        initiative: side_initiative_input(&cast, ose::ties(&args.order))?,
        slow: slow_of(&cast),
        reaction: Reaction { modifiers: ose::reaction_input(&args.reaction).modifiers },
    })
}

/// ose's surprise input: no ambush in B/X, and a side's die may be given (`surprise=N`).
fn surprise_input(cast: &Cast, aware: &[String]) -> Result<ose::SurpriseInput> {
    let aware = side_flag(cast, "--aware", aware)?;
    let mut sides = Vec::with_capacity(cast.sides.len());
    for (i, side) in cast.sides.iter().enumerate() {
        let keys = &side.keys;
        let is_aware = keys.aware || aware.contains(&i);
        if is_aware && keys.surprise.is_some() {
            return Err(Error::usage(format!("side '{}' is aware and does not roll for surprise", side.name))
                .hint("drop its surprise=N, or its awareness"));
        }
        sides.push(ose::SurpriseSide {
            name: side.name.clone(),
            members: cast.on_side(i).flat_map(|c| c.member_names()).collect(),
            stance: if is_aware { ose::Stance::Aware } else { ose::Stance::Rolls },
            base_chance: keys.chance.map_or(ose::DEFAULT_CHANCE, u32::from),
            ambushed: false,
            given: keys.surprise,
        });
    }
    Ok(ose::SurpriseInput { sides, ambusher: None })
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

/// ose's side initiative input: no waiting in B/X, and a side's d6 may be given.
fn side_initiative_input(cast: &Cast, ties: Ties) -> Result<ose::InitiativeInput> {
    refuse_individual_totals(cast)?;
    Ok(ose::InitiativeInput {
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

fn pursue_command(args: &cli::PursueArgs, _: cast::Cast, runner: &mut Runner) -> Result<()> {
    let (Some(quarry), Some(pursuer)) = (args.quarry, args.pursuer) else {
        let missing = if args.quarry.is_none() { "--quarry" } else { "--pursuer" };
        return Err(Error::usage(format!("bx pursue needs {missing} SPEED"))
            .hint("give both base movement rates, e.g. fray -r bx pursue --quarry 120 --pursuer 90"));
    };
    let terrain = terrain(&args.terrain);
    let given = [
        ("--gap", args.gap.is_some()),
        ("--sight", args.sight.is_some()),
        ("--drop", !args.drop.is_empty()),
        ("--rounds", args.rounds.is_some()),
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
            let mut chase = ose::pursue_input(args)?;
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
                    cli::Surprised::Quarry => Surprised::Quarry,
                    cli::Surprised::Pursuers => Surprised::Pursuers,
                }),
                days: args.days.unwrap_or(DEFAULT_DAYS),
            }))
        }
        Terrain::Waterborne => {
            runner.run(&Pursuit::Waterborne(WaterborneInput { quarry, pursuer, gap: args.gap, rounds: args.rounds }))
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
        cast::assert_list_fills::<CombatantKeys>(&KEYS.combatant, &[]);
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
