//! Fights of format version 1, read as version 2: version 1 kept the acting order only (no
//! one's hit points, effects or notes) and, for `undo`, up to 50 whole copies of the fight.
//! Its seats are version 2's; each combatant in them becomes one of the fight's combatants, and
//! each copy kept becomes a patch.

use super::patch;
use super::state::{Fight, Step, VERSION};
use crate::cast::DEFAULT_SIDES;
use crate::fight::Combatant;
use serde_json::Value;

/// A version-1 fight file's value as a version-2 fight.
pub fn convert(mut value: Value) -> Result<Fight, String> {
    let history = match value.as_object_mut().and_then(|v| v.remove("history")) {
        Some(Value::Array(kept)) => kept,
        Some(_) => return Err("its \"history\" is not a list".into()),
        None => Vec::new(),
    };
    let mut fights = Vec::with_capacity(history.len() + 1);
    for kept in history.into_iter().chain([value]) {
        fights.push(upgrade(kept)?);
    }
    let mut fight = fights.pop().ok_or("it holds no fight")?;
    let mut after = fight.snapshot().map_err(|e| e.to_string())?;
    let mut steps = Vec::new();
    for before in fights.iter_mut().rev() {
        let before = before.snapshot().map_err(|e| e.to_string())?;
        let patch = patch::diff(&before, &after).unwrap_or_else(|| serde_json::json!({"~": {}}));
        steps.push(Step::new("a command of format version 1", Vec::new(), &patch).map_err(|e| e.to_string())?);
        after = before;
    }
    steps.reverse();
    fight.undo = steps;
    Ok(fight)
}

/// One version-1 fight (without its copies) as version 2: its sides, and a combatant for
/// everyone its seats name.
fn upgrade(mut value: Value) -> Result<Fight, String> {
    if let Some(fields) = value.as_object_mut() {
        fields.insert("version".into(), Value::from(VERSION));
        fields.remove("history");
        // Version 1 kept one roster.
        if let Some(setup) = fields.get_mut("setup").and_then(Value::as_object_mut)
            && let Some(roster) = setup.remove("roster")
        {
            setup.insert("rosters".into(), Value::Array(vec![roster]));
        }
    }
    let mut fight: Fight = serde_json::from_value(value).map_err(|e| e.to_string())?;
    let named: Vec<String> = fight.setup.sides.iter().map(|s| s.split(':').next().unwrap_or(s).to_string()).collect();
    fight.sides = if named.is_empty() { DEFAULT_SIDES.iter().map(|s| s.to_string()).collect() } else { named };
    let mut combatants: Vec<Combatant> = Vec::new();
    for seat in fight.order.iter().filter(|s| !s.lair) {
        // A seat with a side is a combatant or a group; one without, where sides take the turns, a side.
        let side = seat.side.clone().unwrap_or_else(|| seat.name.clone());
        let group = (seat.side.is_some() && !seat.members.is_empty()).then(|| seat.name.clone());
        for name in seat.who() {
            let mut c = Combatant::new(name, side.clone());
            c.group = group.clone().or_else(|| group_of(name, &seat.members));
            combatants.push(c);
        }
    }
    for side in combatants.iter().map(|c| c.side.clone()).collect::<Vec<_>>() {
        if !fight.sides.contains(&side) {
            fight.sides.push(side);
        }
    }
    let first = fight.sides.first().cloned();
    for c in &mut combatants {
        c.pc = Some(&c.side) == first.as_ref();
    }
    fight.combatants = combatants;
    Ok(fight)
}

/// The group of member `name` of a side's seat: `Goblin` for `Goblin 2` when another member
/// is numbered after the same name.
fn group_of(name: &str, members: &[String]) -> Option<String> {
    let (head, number) = name.rsplit_once(' ')?;
    number.parse::<u32>().ok()?;
    let siblings =
        members.iter().filter(|m| m.rsplit_once(' ').is_some_and(|(h, n)| h == head && n.parse::<u32>().is_ok()));
    (siblings.count() > 1).then(|| head.to_string())
}
