//! Rolling a table file: the first table's die, on through the tables its rows point at, to a
//! creature and its number appearing, every die rolled by the dice engine of `fray roll`.

use super::{Creature, Entry, TableFile};
use crate::dice::SeededDice;
use crate::dice::expr::roll::{Die, Rolled, roll};
use serde::Serialize;

/// A dice roll as every document shows one: `{dice: "2d4", rolls: [3, 1], total: 4}`, with
/// each die's fate under `detail` when some were dropped, rerolled or exploded.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DiceRoll {
    pub dice: String,
    pub rolls: Vec<i64>,
    pub total: i64,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub detail: Vec<Die>,
    #[serde(skip)]
    pub rolled: Rolled,
}

impl From<Rolled> for DiceRoll {
    fn from(rolled: Rolled) -> DiceRoll {
        let plain =
            rolled.dice.iter().all(|d| d.kept && !d.exploded && !d.rerolled && d.face.is_none() && d.rolls.is_empty());
        DiceRoll {
            dice: rolled.expression.clone(),
            rolls: rolled.dice.iter().map(|d| d.value).collect(),
            total: rolled.total,
            detail: if plain { Vec::new() } else { rolled.dice.clone() },
            rolled,
        }
    }
}

/// One table rolled on: its die and the row it gave.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TableStep {
    pub table: String,
    pub roll: DiceRoll,
    pub row: String,
    /// The table the row points at, if it does.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub then: Option<String>,
}

/// What a table roll brought: the creature and how many.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Appearing {
    pub name: String,
    pub number: DiceRoll,
    pub count: u32,
    pub side: String,
    /// The combatant keys of its row, as `key` or `key=value`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub keys: Vec<String>,
    /// The combatant spec the other commands take.
    pub combatant: String,
}

/// One roll of a table file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TableRoll {
    pub file: String,
    pub rolls: Vec<TableStep>,
    pub appearing: Appearing,
}

/// Rolls `file` from its first table.
pub fn roll_file(file: &TableFile, dice: &mut SeededDice) -> TableRoll {
    let mut steps = Vec::new();
    let mut t = 0;
    // The file was checked free of cycles, so this ends within as many steps as tables.
    loop {
        let table = &file.tables[t];
        let rolled = roll(&table.die_text, &table.die, dice);
        let total = rolled.total;
        let row = table
            .rows
            .iter()
            .find(|r| (r.low..=r.high).contains(&total))
            .expect("checked: every result the die gives falls in a row");
        match &row.entry {
            Entry::Table(next) => {
                steps.push(TableStep {
                    table: table.name.clone(),
                    roll: rolled.into(),
                    row: row.range(),
                    then: Some(file.tables[*next].name.clone()),
                });
                t = *next;
            }
            Entry::Creature(creature) => {
                steps.push(TableStep { table: table.name.clone(), roll: rolled.into(), row: row.range(), then: None });
                return TableRoll { file: file.file.clone(), rolls: steps, appearing: appearing(creature, dice) };
            }
        }
    }
}

fn appearing(creature: &Creature, dice: &mut SeededDice) -> Appearing {
    let number: DiceRoll = roll(&creature.number_text, &creature.number, dice).into();
    // checked: the number appearing lies within 1 to MAX_GROUP.
    let count = number.total.clamp(1, i64::from(crate::cast::MAX_GROUP)) as u32;
    Appearing {
        name: creature.name.clone(),
        count,
        side: creature.side.clone().unwrap_or_else(|| super::SIDE.to_string()),
        keys: creature.keys.clone(),
        combatant: creature.spec(count),
        number,
    }
}
