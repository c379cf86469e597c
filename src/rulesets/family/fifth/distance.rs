//! Encounter distance (DM screen, 2014): how far off the others are when first seen, by
//! terrain, or when first heard, by how much noise they make. 5e2024 rolls it on its own
//! terrain table; both editions read their flags into it here.

use crate::dice::{Dice, Roll};
use crate::error::{Error, Result};
use crate::odds::{Fallback, Method, Odds, dist_of};
use crate::rulesets::Rule;
use serde::Serialize;

/// A row of an encounter-distance table: what it is called and the distance rolled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sighting {
    /// The name shown and written out.
    pub name: &'static str,
    /// Other words accepted for it (the other number, singular or plural).
    pub also: &'static [&'static str],
    pub dice: u32,
    pub sides: u32,
    /// Feet per point rolled.
    pub scale: u32,
}

impl Sighting {
    pub const fn new(name: &'static str, also: &'static [&'static str], dice: u32, sides: u32, scale: u32) -> Sighting {
        Sighting { name, also, dice, sides, scale }
    }

    /// The row of `table` that `word` names, in any case.
    pub fn find(table: &'static [Sighting], word: &str) -> Option<&'static Sighting> {
        let word = word.trim();
        table.iter().find(|row| std::iter::once(&row.name).chain(row.also).any(|w| w.eq_ignore_ascii_case(word)))
    }

    /// The names of a table's rows, for errors and help.
    pub fn names(table: &[Sighting]) -> String {
        table.iter().map(|row| row.name).collect::<Vec<_>>().join(", ")
    }
}

/// DM screen (2014), Encounter Distance: how far off the others are when first seen, by terrain.
pub static TERRAINS: &[Sighting] = &[
    Sighting::new("arctic", &[], 6, 6, 10),
    Sighting::new("desert", &["deserts"], 6, 6, 10),
    Sighting::new("farmland", &["farmlands"], 6, 6, 10),
    Sighting::new("grassland", &["grasslands"], 6, 6, 10),
    Sighting::new("forest", &["forests"], 2, 8, 10),
    Sighting::new("swamp", &["swamps"], 2, 8, 10),
    Sighting::new("woodland", &["woodlands"], 2, 8, 10),
    Sighting::new("hills", &["hill"], 2, 10, 10),
    Sighting::new("wastelands", &["wasteland"], 2, 10, 10),
    Sighting::new("jungle", &["jungles"], 2, 6, 10),
    Sighting::new("mountains", &["mountain"], 4, 10, 10),
];

/// DM screen (2014), Audible Distance: trying to be quiet 2d6 × 5 ft, normal noise × 10 ft,
/// very loud × 50 ft.
pub static NOISES: &[Sighting] = &[
    Sighting::new("quiet", &[], 2, 6, 5),
    Sighting::new("normal", &[], 2, 6, 10),
    Sighting::new("loud", &[], 2, 6, 50),
];

/// How the others are noticed: seen across a terrain, or heard.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Noticed {
    Seen(&'static Sighting),
    Heard(&'static Sighting),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DistanceInput {
    pub noticed: Noticed,
}

impl DistanceInput {
    fn row(&self) -> &'static Sighting {
        match self.noticed {
            Noticed::Seen(row) | Noticed::Heard(row) => row,
        }
    }
}

#[derive(Clone, Debug, Serialize)]
pub struct DistanceOutcome {
    /// The terrain the others are seen across.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub terrain: Option<&'static str>,
    /// How loud the others are, when they are heard.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub audible: Option<&'static str>,
    pub roll: Roll,
    /// Feet per point rolled.
    pub scale: u32,
    pub feet: u32,
}

/// The table row's dice, times its feet per point.
impl Rule for DistanceInput {
    type Outcome<'a> = DistanceOutcome;

    fn roll<'a>(&'a self, dice: &mut dyn Dice) -> Self::Outcome<'a> {
        let row = self.row();
        let roll = dice.roll(row.dice, row.sides);
        let (terrain, audible) = match self.noticed {
            Noticed::Seen(row) => (Some(row.name), None),
            Noticed::Heard(row) => (None, Some(row.name)),
        };
        DistanceOutcome { terrain, audible, roll, scale: row.scale, feet: roll.total * row.scale }
    }

    fn odds(&self, fallback: Fallback) -> Odds {
        let input = self;
        let mut method = Method::exact(fallback);
        let feet = dist_of(|d| Rule::roll(input, d).feet, fallback, &mut method);
        let row = input.row();
        let title = match input.noticed {
            Noticed::Seen(row) => format!("encounter distance, {}", row.name),
            Noticed::Heard(row) => format!("audible distance, {}", row.name),
        };
        let title = format!("{title}: {}d{} × {} ft", row.dice, row.sides, row.scale);
        let mut odds = Odds::default();
        odds.push(None, title, &feet, method, |&feet| (feet, format!("{feet} ft")));
        odds
    }
}

/// The encounter distance `--terrain` names in `table`, or the audible distance `heard` (for
/// a ruleset with `--audible`, `hearing`). Both editions.
pub fn distance_input(
    rules: &str,
    table: &'static [Sighting],
    terrain: Option<&str>,
    heard: Option<&'static Sighting>,
    hearing: bool,
) -> Result<DistanceInput> {
    let terrains = format!("{rules} terrains: {}", Sighting::names(table));
    let noticed = match (terrain, heard) {
        (Some(_), Some(_)) => {
            return Err(Error::usage("--terrain and --audible each set the distance: give one").hint(
                "--terrain for the distance the others are seen at, --audible for the distance they are heard at",
            ));
        }
        (None, Some(noise)) => Noticed::Heard(noise),
        (Some(word), None) => Noticed::Seen(
            Sighting::find(table, word)
                .ok_or_else(|| Error::usage(format!("unknown terrain '{word}'")).hint(terrains.clone()))?,
        ),
        (None, None) => {
            let or_heard = if hearing { " (or --audible quiet|normal|loud)" } else { "" };
            return Err(Error::usage(format!("{rules} distance needs --terrain TERRAIN{or_heard}")).hint(terrains));
        }
    };
    Ok(DistanceInput { noticed })
}
