//! Where a B/X encounter happens: in a dungeon, in the wilderness or on the water. The distance,
//! the pursuit and the encounter go by it.

use serde::Serialize;

/// Where the encounter happens.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Terrain {
    Dungeon,
    Wilderness,
    Waterborne,
}

impl Terrain {
    pub fn word(self) -> &'static str {
        match self {
            Terrain::Dungeon => "dungeon",
            Terrain::Wilderness => "wilderness",
            Terrain::Waterborne => "waterborne",
        }
    }
}
