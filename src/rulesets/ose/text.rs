//! Text for ose's encounter; the family's text shows each step.

use super::encounter::EncounterOutcome;
use crate::outcome::join;
use crate::render::{Palette, Report, quiet_field, quiet_list, step};
use crate::rulesets::family::basic::text::{
    acting_order, distance_line, initiative_lines, reaction_lines, side_opening, surprise_lines, surprised_sides,
};

impl Report for EncounterOutcome<'_> {
    fn text(&self, p: &Palette, out: &mut String) {
        let aware: Vec<&str> = self.awareness.iter().filter(|a| a.aware).map(|a| a.name).collect();
        let unaware: Vec<&str> = self.awareness.iter().filter(|a| !a.aware).map(|a| a.name).collect();
        let mut awareness = Vec::new();
        if !aware.is_empty() {
            awareness.push(format!("{} aware of the others", join(&aware)));
        }
        if !unaware.is_empty() {
            awareness.push(format!("{} unaware", join(&unaware)));
        }
        step(out, p, 1, "awareness", &[awareness.join("; ")]);
        step(out, p, 2, "surprise", &surprise_lines(&self.surprise, p));
        step(out, p, 3, "distance", &[distance_line(&self.distance, p)]);
        step(out, p, 4, "initiative", &initiative_lines(&self.initiative, p));
        step(out, p, 5, "reaction", &reaction_lines(&self.reaction, p));
        step(out, p, 6, "conclusion", &[self.conclusion.to_string()]);
    }

    /// `surprised= feet= order= reaction=`, the reaction a total per side met, in side order.
    fn headline(&self, out: &mut String) {
        let mut line = String::new();
        quiet_field(&mut line, "surprised", surprised_sides(&self.surprise));
        quiet_field(&mut line, "feet", self.distance.feet);
        quiet_field(&mut line, "order", acting_order(&self.initiative.order));
        let totals: Vec<String> = self.reaction.iter().map(|r| r.reaction.total.to_string()).collect();
        quiet_field(&mut line, "reaction", quiet_list(totals.iter().map(String::as_str)));
        out.push_str(&line);
    }

    fn opening(&self) -> Option<crate::fight::Opening> {
        Some(side_opening(&self.initiative))
    }
}
