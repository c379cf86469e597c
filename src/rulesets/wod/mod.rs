//! wod: the World of Darkness Storytelling system (2004): surprise and initiative with delayed
//! actions (seed 003). This file declares wod's keys, examples and registry entry, and how it
//! speaks (`Game`); the rules are the Storytelling family's
//! ([`crate::rulesets::family::storyteller`]), which cofd shares.

use super::family::storyteller::{
    self as family, Beat, CombatantKeys, Dialect, Game, SurpriseInput, procedures, rollers,
};
use super::{Example, Procedure, Ruleset};
use crate::cast::{self, KeyDef, KeyList, NoKeys, RulesetKeys};
use crate::error::Result;

const COMBATANT_KEYS: &[KeyDef] = &[
    KeyDef::int("wits", 0, 10, "Wits dots (default 2)"),
    KeyDef::int("composure", 0, 10, "Composure dots (default 2)"),
    KeyDef::int("dex", 0, 10, "Dexterity dots (default 2)"),
    KeyDef::int("init", -5, 25, "initiative modifier (default Dexterity + Composure)"),
    KeyDef::int("initiative", 0, 40, "an initiative total already known: no roll"),
    KeyDef::flag("ambusher", "lies in wait: does not roll for surprise"),
    KeyDef::flag("in-combat", "already fighting: cannot be surprised"),
    KeyDef::int("mod", -10, 10, "added to the Wits + Composure surprise pool"),
    KeyDef::flag("surprised", "was surprised: enters the order in round 2 (initiative command only)"),
    family::HEALTH,
    family::STAMINA,
    family::SIZE,
    family::DEFENSE,
];

const KEYS: RulesetKeys = RulesetKeys {
    rules: "wod",
    side: KeyList::of::<NoKeys>(&[]),
    combatant: KeyList::of::<CombatantKeys>(COMBATANT_KEYS),
};

/// The cast with wod's keys.
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
    initiative: 6
  - name: Thug
    count: 3
    side: monsters
    dex: 2
    ambusher: true
";

const EXAMPLES: &[Example] = &[
    Example::track("fray -r wod track --fight cellar start Mitch:dex=3 Larry:dex=2", ""),
    Example::new(Procedure::Initiative, "fray -r wod initiative Mitch:init=5 Larry --delay Mitch:after=Larry", "")
        .tour(),
    Example::new(Procedure::Surprise, "fray -r wod surprise Mitch:wits=2,composure=3 Larry:wits=3,composure=2", ""),
    Example::new(Procedure::Encounter, "fray -r wod encounter Mitch:wits=2,dex=3 Thug:ambusher,side=monsters", ""),
];

pub static RULESET: Ruleset = Ruleset {
    id: "wod",
    aliases: &["nwod"],
    title: "World of Darkness Storytelling system (2004)",
    keys: KEYS,
    roster: ROSTER,
    procedures: procedures::<CombatantKeys>(),
    examples: EXAMPLES,
    values: super::no_values,
    fight: &family::track::RULES,
    // seed 003: a pool counts successes (8 or more)
    versus: crate::dice::Versus::Pool,
};

impl Game for CombatantKeys {
    const DIALECT: Dialect = Dialect {
        rules: "wod",
        beat: Beat::Round,
        traits_break_ties: true,
        examples: [
            "fray -r wod surprise Mitch:wits=2,composure=3 Larry:wits=3,composure=2",
            "fray -r wod initiative Mitch:dex=3,composure=2 Larry:init=5",
            "fray -r wod encounter Mitch:wits=2,composure=3 Thug:count=2,ambusher,side=monsters",
        ],
    };
    type Surprise = SurpriseInput;

    fn traits(&self) -> CombatantKeys {
        *self
    }

    fn surprise_input(cast: &Cast, procedure: Procedure) -> Result<SurpriseInput> {
        Ok(SurpriseInput { combatants: rollers(cast, procedure)? })
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
