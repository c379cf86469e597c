//! Text for a table roll: each table's die and the row it gave, the number appearing, and
//! the combatant it makes.

use super::roll::{DiceRoll, TableRoll};
use crate::dice::expr::roll::die_text;
use crate::render::{Palette, pad, width_of};

/// `1d8 (7) = 7`, `3d6 (4+1+6) = 11`, `4d6kh3 (5+(1)+3+6) = 14`.
pub fn dice(p: &Palette, roll: &DiceRoll) -> String {
    let faces: Vec<String> = roll.rolled.dice.iter().map(die_text).collect();
    if faces.is_empty() {
        return format!("{}", p.total(roll.total));
    }
    format!("{} ({}) = {}", p.dim(&roll.dice), p.paint(p.die, faces.join("+")), p.total(roll.total))
}

/// The lines of a roll, without an indent: one per table rolled on, then the number.
pub fn lines(p: &Palette, roll: &TableRoll) -> Vec<(String, String)> {
    let mut lines = Vec::new();
    for step in &roll.rolls {
        let row = match &step.then {
            Some(next) => format!("row {}: table {}", step.row, p.name(next)),
            None => format!("row {}: {}", step.row, p.name(&roll.appearing.name)),
        };
        lines.push((step.table.clone(), format!("{}  {}", dice(p, &step.roll), row)));
    }
    let a = &roll.appearing;
    lines.push(("appearing".to_string(), dice(p, &a.number)));
    lines
}

/// The block `fray table` prints for one roll.
pub fn block(p: &Palette, roll: &TableRoll, out: &mut String) {
    let lines = lines(p, roll);
    let column = lines.iter().map(|(label, _)| width_of(label)).max().unwrap_or(0).min(24);
    for (label, text) in &lines {
        let mut lead = String::from("  ");
        pad(&mut lead, label, column);
        lead.push_str("  ");
        if width_of(label) > column {
            p.line(out, "  ", label);
            lead = " ".repeat(column + 4);
        }
        let shown = width_of(&lead);
        out.push_str(&lead);
        crate::render::wrap::push_wrapped(out, shown, text, p.width);
    }
    let a = &roll.appearing;
    let verdict = format!("→ {} {}", counted(p, &a.name, a.count), p.dim(format_args!("({})", a.combatant)));
    p.line(out, "  ", &verdict);
}

/// `Giant rat ×9`, or `Ogre` alone: a counted creature is written as fray writes a group
/// everywhere, its name as given and the number after it (no plural made of the name).
pub fn counted(p: &Palette, name: &str, count: u32) -> String {
    if count == 1 {
        p.name(name).to_string()
    } else {
        format!("{} {}", p.name(name), p.total(format_args!("×{count}")))
    }
}

/// The one line of `-q`: the combatant spec.
pub fn headline(roll: &TableRoll, out: &mut String) {
    out.push_str(&roll.appearing.combatant);
}
