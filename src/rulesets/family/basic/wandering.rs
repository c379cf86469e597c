//! Wandering monsters, ose's and bx's (OSE SRD, Dungeon Adventuring and Wilderness Adventuring;
//! the B/X numbers): in a dungeon 1-in-6 a check, every 2 turns; in the wilderness once a day,
//! the chance by terrain.

use crate::error::{Error, Result};
use crate::rulesets::wandering::{Faces, WanderingInput};

/// OSE SRD, Dungeon Adventuring, Wandering Monsters: 1-in-6, checked every 2 turns.
pub const DUNGEON_CHANCE: u32 = 1;
pub const DUNGEON_FREQUENCY: &str = "every 2 turns";
/// OSE SRD, Wilderness Adventuring, Wandering Monsters: a check once a day.
pub const WILDERNESS_FREQUENCY: &str = "once a day";

/// A wilderness terrain: its name, other words for it, and its chance in 6.
pub struct WildTerrain {
    pub name: &'static str,
    pub also: &'static [&'static str],
    pub chance: u32,
}

const fn terrain(name: &'static str, also: &'static [&'static str], chance: u32) -> WildTerrain {
    WildTerrain { name, also, chance }
}

/// OSE SRD, Wilderness Adventuring (B/X Expert X56), chance of a wandering monster by terrain:
/// city, clear, grassland, settled 1-in-6; aerial, barren, desert, forest, hills, ocean, river
/// 2-in-6; jungle, mountains, swamp 3-in-6.
pub static TERRAINS: &[WildTerrain] = &[
    terrain("city", &[], 1),
    terrain("clear", &[], 1),
    terrain("grassland", &["grasslands"], 1),
    terrain("settled", &["inhabited"], 1),
    terrain("aerial", &["air"], 2),
    terrain("barren", &["barren-lands"], 2),
    terrain("desert", &["deserts"], 2),
    terrain("forest", &["forests", "woods"], 2),
    terrain("hills", &["hill"], 2),
    terrain("ocean", &["sea"], 2),
    terrain("river", &["rivers"], 2),
    terrain("jungle", &["jungles"], 3),
    terrain("mountains", &["mountain"], 3),
    terrain("swamp", &["swamps"], 3),
];

/// The terrain a word names, in any case.
pub fn terrain_named(word: &str) -> Option<&'static WildTerrain> {
    let word = word.trim();
    TERRAINS.iter().find(|t| std::iter::once(&t.name).chain(t.also).any(|w| w.eq_ignore_ascii_case(word)))
}

/// The terrain names, for completion and errors.
pub fn terrain_names() -> Vec<&'static str> {
    TERRAINS.iter().map(|t| t.name).collect()
}

/// Where a check is made and its chance, from `--terrain` and `--chance`.
pub fn wandering_input(terrain: Option<&str>, chance: Option<u32>, checks: Option<u32>) -> Result<WanderingInput> {
    let (place, named, book_chance, frequency) = match terrain {
        None => ("dungeon", None, DUNGEON_CHANCE, DUNGEON_FREQUENCY),
        Some(word) => {
            let t = terrain_named(word).ok_or_else(|| {
                Error::usage(format!(
                    "--terrain '{}' is not a terrain of the wilderness table",
                    crate::error::echo(word)
                ))
                .hint(format!("terrains: {}", terrain_names().join(", ")))
            })?;
            ("wilderness", Some(t.name), t.chance, WILDERNESS_FREQUENCY)
        }
    };
    if let Some(n) = chance
        && n > 6
    {
        return Err(Error::usage(format!("--chance {n} is more than the 6 faces of the check's d6"))
            .hint("give N of N-in-6, from 0 to 6"));
    }
    Ok(WanderingInput {
        place,
        terrain: named,
        sides: 6,
        chance: chance.unwrap_or(book_chance),
        faces: Faces::Lowest,
        given: chance.is_some(),
        frequency,
        checks: checks.unwrap_or(1),
        counted: checks.is_some(),
    })
}

/// `fray wandering` under ose or bx.
pub fn wandering_command_input(args: &super::flags::WanderingFlags) -> Result<WanderingInput> {
    wandering_input(args.wandering.terrain.as_deref(), args.wandering.chance, args.checks)
}

/// The words of `--terrain`, for completion: the wilderness table's terrains.
pub(crate) fn wilderness_terrains(flag: &str) -> Vec<&'static str> {
    match flag {
        "--terrain" => terrain_names(),
        _ => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_terrain_row() {
        let expect = [
            ("city", 1),
            ("clear", 1),
            ("grassland", 1),
            ("settled", 1),
            ("aerial", 2),
            ("barren", 2),
            ("desert", 2),
            ("forest", 2),
            ("hills", 2),
            ("ocean", 2),
            ("river", 2),
            ("jungle", 3),
            ("mountains", 3),
            ("swamp", 3),
        ];
        assert_eq!(TERRAINS.len(), expect.len());
        for (name, chance) in expect {
            let input = wandering_input(Some(name), None, None).unwrap();
            assert_eq!((input.place, input.terrain, input.chance), ("wilderness", Some(name), chance), "{name}");
        }
        assert_eq!(terrain_named("Woods").unwrap().name, "forest");
    }

    #[test]
    fn the_dungeon_and_a_given_chance() {
        let dungeon = wandering_input(None, None, None).unwrap();
        assert_eq!((dungeon.place, dungeon.chance, dungeon.sides, dungeon.checks), ("dungeon", 1, 6, 1));
        let given = wandering_input(Some("swamp"), Some(2), Some(4)).unwrap();
        assert_eq!((given.chance, given.given, given.checks, given.counted), (2, true, 4, true));
        assert!(wandering_input(Some("moon"), None, None).is_err());
        assert!(wandering_input(None, Some(7), None).is_err());
    }
}
