//! cofd: Chronicles of Darkness, 2nd edition (CofD 2e p. 89): surprise as a contested roll, then
//! initiative with delayed actions as in wod, whose rules this ruleset calls. This file turns the
//! command line into rule inputs; [`rules`] rolls them, [`text`] shows them.

pub mod rules;
pub mod text;

use super::wod::rules::{Beat, DEFAULT_DOTS, Fighter, InitiativeInput, Roller, Stance};
use super::{Handler, Procedure, Procedures, Rule, Ruleset};
use crate::app::Runner;
use crate::cast::{self, KeyDef, KeyList, NoKeys, RulesetKeys};
use crate::cli::{self, OrderOpts, RulesId};
use crate::dice::Dice;
use crate::error::{Error, Result};
use crate::odds::{Fallback, Odds};
use crate::outcome::Modifier;
use rules::*;
use serde::Deserialize;

/// A combatant's keys, described one by one in [`COMBATANT_KEYS`]. Sides take none.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "kebab-case")]
pub struct CombatantKeys {
    pub wits: Option<i32>,
    pub composure: Option<i32>,
    pub dex: Option<i32>,
    pub stealth: Option<i32>,
    pub init: Option<i32>,
    pub initiative: Option<i32>,
    pub ambusher: bool,
    pub in_combat: bool,
    #[serde(rename = "mod")]
    pub modifier: Option<i32>,
    pub surprised: bool,
}

const COMBATANT_KEYS: &[KeyDef] = &[
    KeyDef::int("wits", 1, 10, "Wits dots (default 2)"),
    KeyDef::int("composure", 1, 10, "Composure dots (default 2)"),
    KeyDef::int("dex", 1, 10, "Dexterity dots (default 2)"),
    KeyDef::int("stealth", 0, 10, "an ambusher's Stealth dots (default 0: untrained, -1 die)"),
    KeyDef::int("init", -5, 25, "initiative modifier (default Dexterity + Composure)"),
    KeyDef::int("initiative", 0, 40, "an initiative total already rolled: no roll"),
    KeyDef::flag("ambusher", "lies in wait: its Dexterity + Stealth contests the others' surprise rolls"),
    KeyDef::flag("in-combat", "expects the attack: cannot be surprised"),
    KeyDef::int("mod", -10, 10, "added to its surprise pool (Wits + Composure, or an ambusher's Dexterity + Stealth)"),
    KeyDef::flag("surprised", "was surprised: enters the order in turn 2 (initiative command only)"),
];

const KEYS: RulesetKeys = RulesetKeys {
    rules: "cofd",
    side: KeyList::of::<NoKeys>(&[]),
    combatant: KeyList::of::<CombatantKeys>(COMBATANT_KEYS),
};

/// The cast with cofd's keys.
type Cast = cast::Cast<NoKeys, CombatantKeys>;

const ROSTER: &str = "\
sides:
  - name: party
  - name: monsters
combatants:
  - name: Mitch
    wits: 2
    composure: 3
    dex: 3
  - name: Larry
    wits: 3
    composure: 2
    mod: -2
  - name: Thug
    count: 2
    side: monsters
    dex: 3
    stealth: 2
    ambusher: true
";

const MOVE_FLAGS: &[&str] = &["--delay", "--ready", "--hold"];

pub static RULESET: Ruleset = Ruleset {
    id: "cofd",
    cli: RulesId::Cofd,
    keys: KEYS,
    roster: ROSTER,
    procedures: Procedures {
        surprise: Some(Handler { flags: &[], run: surprise_command }),
        distance: None,
        initiative: Some(Handler { flags: MOVE_FLAGS, run: initiative_command }),
        reaction: None,
        pursue: None,
        encounter: Some(Handler { flags: MOVE_FLAGS, run: encounter_command }),
    },
};

fn surprise_command(_: &cli::SurpriseArgs, cast: cast::Cast, runner: &mut Runner) -> Result<()> {
    runner.run(&surprise_input(&cast.typed()?.take_part(&[]), Procedure::Surprise)?)
}

fn initiative_command(args: &cli::InitiativeArgs, cast: cast::Cast, runner: &mut Runner) -> Result<()> {
    runner.run(&initiative_input(&cast.typed()?.take_part(&[]), &args.order, Procedure::Initiative)?)
}

fn encounter_command(args: &cli::EncounterArgs, cast: cast::Cast, runner: &mut Runner) -> Result<()> {
    let cast: Cast = cast.typed()?.take_part(&[]);
    runner.run(&EncounterInput {
        surprise: surprise_input(&cast, Procedure::Encounter)?,
        initiative: initiative_input(&cast, &args.order, Procedure::Encounter)?,
    })
}

/// Every entry's keys; refuses a command without combatants.
fn entries(cast: &Cast, procedure: Procedure) -> Result<Vec<&CombatantKeys>> {
    if cast.combatants.is_empty() {
        let example = match procedure {
            Procedure::Initiative => "fray -r cofd initiative Mitch:dex=3,composure=2 Larry:init=5",
            Procedure::Encounter => {
                "fray -r cofd encounter Mitch:wits=2,composure=3 Thug*2:ambusher,dex=3,stealth=2,side=monsters"
            }
            _ => "fray -r cofd surprise Mitch:wits=2,composure=3 Thug:ambusher,dex=3,stealth=2,side=monsters",
        };
        return Err(Error::usage(format!("cofd {} needs combatants", procedure.name()))
            .hint(format!("every combatant rolls for itself, e.g. {example}")));
    }
    Ok(cast.combatants.iter().map(|c| &c.keys).collect())
}

fn surprise_input(cast: &Cast, procedure: Procedure) -> Result<SurpriseInput> {
    let keys = entries(cast, procedure)?;
    if let Some(c) = cast.combatants.iter().zip(&keys).find(|(_, k)| k.surprised).map(|(c, _)| c) {
        return Err(Error::usage(format!(
            "'{}': key 'surprised' is for the initiative command; cofd {} rolls for surprise",
            c.name,
            procedure.name()
        ))
        .hint("use ambusher or in-combat for those who do not roll"));
    }
    let unready = keys.iter().any(|k| !k.ambusher && !k.in_combat);
    if unready && !keys.iter().any(|k| k.ambusher) {
        return Err(Error::usage(format!(
            "cofd {} needs an ambusher: its Dexterity + Stealth contests each Wits + Composure roll",
            procedure.name()
        ))
        .hint(
            "mark one, e.g. Thug:ambusher,dex=3,stealth=2,side=monsters; with no ambush, use fray -r cofd initiative",
        ));
    }
    let mut input = SurpriseInput { combatants: Vec::new(), stealth: Vec::new() };
    for (entry, (c, k)) in cast.combatants.iter().zip(&keys).enumerate() {
        let stance = match (k.ambusher, k.in_combat) {
            (true, _) => Stance::Ambusher,
            (false, true) => Stance::InCombat,
            (false, false) => Stance::Rolls,
        };
        let stealth = k
            .ambusher
            .then(|| Stealth::new(k.dex.unwrap_or(DEFAULT_DOTS), k.stealth.unwrap_or(0), k.modifier.unwrap_or(0)));
        for name in c.member_names() {
            input.combatants.push(Roller {
                name,
                side: cast.sides[c.side].name.clone(),
                group: c.name.clone(),
                entry,
                wits: k.wits.unwrap_or(DEFAULT_DOTS),
                composure: k.composure.unwrap_or(DEFAULT_DOTS),
                modifier: k.modifier.unwrap_or(0),
                stance,
            });
            input.stealth.push(stealth.clone());
        }
    }
    Ok(input)
}

fn initiative_input(cast: &Cast, opts: &OrderOpts, procedure: Procedure) -> Result<InitiativeInput> {
    let keys = entries(cast, procedure)?;
    let mut fighters = Vec::new();
    for (c, k) in cast.combatants.iter().zip(&keys) {
        // CofD 2e: the Initiative modifier is Dexterity + Composure; ties go to the higher
        // modifier, so no trait breaks them on its own (`dex_composure` stays unset).
        let modifiers = match k.init {
            Some(init) => vec![Modifier::new(init, "init")],
            None => vec![
                Modifier::new(k.dex.unwrap_or(DEFAULT_DOTS), "Dexterity"),
                Modifier::new(k.composure.unwrap_or(DEFAULT_DOTS), "Composure"),
            ],
        };
        for name in c.member_names() {
            fighters.push(Fighter {
                name,
                side: cast.sides[c.side].name.clone(),
                modifiers: modifiers.clone(),
                dex_composure: None,
                given: k.initiative,
                surprised: k.surprised,
            });
        }
    }
    let moves = super::wod::moves(&fighters, opts)?;
    Ok(InitiativeInput { fighters, moves, beat: Beat::Turn })
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

impl Rule for EncounterInput {
    type Outcome<'a> = EncounterOutcome<'a>;

    fn roll<'a>(&'a self, dice: &mut dyn Dice) -> EncounterOutcome<'a> {
        encounter(self, dice)
    }

    fn odds(&self, fallback: Fallback) -> Odds {
        encounter_odds(self, fallback)
    }
}
