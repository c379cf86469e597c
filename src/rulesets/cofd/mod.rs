//! cofd: Chronicles of Darkness, 2nd edition (CofD 2e p. 89): surprise as a contested roll, then
//! initiative with delayed actions as in wod, both editions of the Storytelling family
//! ([`crate::rulesets::family::storyteller`]), whose rules this ruleset calls. This file
//! declares cofd's keys, examples and registry entry; each procedure's file ([`surprise`],
//! [`encounter`]) rolls it and works out its odds, initiative being the family's; [`text`]
//! shows them.

pub mod encounter;
#[cfg(test)]
mod odds_check;
pub mod surprise;
pub mod text;

use super::family::storyteller::{self as family, Dialect, Game};
use super::family::storyteller::{Beat, DEFAULT_DOTS, Stance};
use super::{Example, Procedure, Ruleset};
use crate::cast::{self, KeyDef, KeyList, NoKeys, RulesetKeys};
use crate::error::{Error, Result};
use serde::Deserialize;
pub use {encounter::*, surprise::*};

/// A combatant's keys, described one by one in `COMBATANT_KEYS`. Sides take none.
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
    pub health: Option<i32>,
    pub stamina: Option<i32>,
    pub size: Option<i32>,
    pub defense: Option<i32>,
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
    super::family::storyteller::HEALTH,
    super::family::storyteller::STAMINA,
    super::family::storyteller::SIZE,
    super::family::storyteller::DEFENSE,
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

const EXAMPLES: &[Example] = &[
    Example::new(Procedure::Encounter, "fray -r cofd encounter Mitch:wits=3 Thug:ambusher,dex=3,side=monsters", "")
        .tour(),
    Example::new(Procedure::Surprise, "fray -r cofd surprise --odds Mitch:wits=3 Thug:ambusher,side=monsters", ""),
    Example::new(Procedure::Initiative, "fray -r cofd initiative Mitch:dex=3 Larry:init=5 --hold Larry", ""),
    Example::new(Procedure::Encounter, "fray -r cofd encounter Mitch Thug:count=2,ambusher,side=monsters", ""),
];

pub static RULESET: Ruleset = Ruleset {
    id: "cofd",
    aliases: &[],
    title: "Chronicles of Darkness, 2nd edition",
    keys: KEYS,
    roster: ROSTER,
    procedures: family::procedures::<CombatantKeys>(),
    examples: EXAMPLES,
    values: super::no_values,
    fight: &super::family::storyteller::track::RULES_COFD,
    // CofD 2e: a pool counts its successes (8 or more); there is no number to meet
    versus: crate::dice::Versus::Pool,
};

impl Game for CombatantKeys {
    /// CofD 2e speaks of turns, and its initiative ties go to the higher modifier, so no trait
    /// breaks them on its own.
    const DIALECT: Dialect = Dialect {
        rules: "cofd",
        beat: Beat::Turn,
        traits_break_ties: false,
        examples: [
            "fray -r cofd surprise Mitch:wits=2,composure=3 Thug:ambusher,dex=3,stealth=2,side=monsters",
            "fray -r cofd initiative Mitch:dex=3,composure=2 Larry:init=5",
            "fray -r cofd encounter Mitch:wits=2,composure=3 Thug:count=2,ambusher,dex=3,stealth=2,side=monsters",
        ],
    };
    type Surprise = SurpriseInput;

    /// The family reads everything but Stealth as wod does.
    fn traits(&self) -> family::CombatantKeys {
        family::CombatantKeys {
            wits: self.wits,
            composure: self.composure,
            dex: self.dex,
            init: self.init,
            initiative: self.initiative,
            ambusher: self.ambusher,
            in_combat: self.in_combat,
            modifier: self.modifier,
            surprised: self.surprised,
            health: self.health,
            stamina: self.stamina,
            size: self.size,
            defense: self.defense,
        }
    }

    /// Wits + Composure as in wod, and each ambusher's Dexterity + Stealth to contest it.
    fn surprise_input(cast: &Cast, procedure: Procedure) -> Result<SurpriseInput> {
        let combatants = family::rollers(cast, procedure)?;
        let any = |stance: Stance| combatants.iter().any(|r| r.stance == stance);
        if any(Stance::Rolls) && !any(Stance::Ambusher) {
            return Err(Error::usage(format!(
                "cofd {} needs an ambusher: its Dexterity + Stealth contests each Wits + Composure roll",
                procedure.name()
            ))
            .hint(
                "mark one, e.g. Thug:ambusher,dex=3,stealth=2,side=monsters; with no ambush, use fray -r cofd initiative",
            ));
        }
        let stealth = combatants
            .iter()
            .map(|r| {
                let k = &cast.combatants[r.entry].keys;
                (r.stance == Stance::Ambusher).then(|| {
                    Stealth::new(k.dex.unwrap_or(DEFAULT_DOTS), k.stealth.unwrap_or(0), k.modifier.unwrap_or(0))
                })
            })
            .collect();
        Ok(SurpriseInput { combatants, stealth })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_key_lists_fill_the_key_structs() {
        cast::assert_list_fills::<NoKeys>(&KEYS.side, &[]);
        cast::assert_list_fills::<CombatantKeys>(&KEYS.combatant, &[]);
    }
}
