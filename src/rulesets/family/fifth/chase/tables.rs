//! The chase complication tables: urban and wilderness, for each edition. The die, the faces
//! that bring a complication, each entry's roll (check or save, abilities, DC) and what a
//! failure does are the books' facts; the words are ours.

use super::{Ability, Edition, Kind};
use serde::Serialize;

/// Where a chase runs, which picks the complication table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Setting {
    Urban,
    Wilderness,
}

impl Setting {
    pub fn word(self) -> &'static str {
        match self {
            Setting::Urban => "urban",
            Setting::Wilderness => "wilderness",
        }
    }
}

/// One complication table: a `die` rolled at the end of every turn; faces 1 to
/// `entries.len()` bring the entry of that number, higher faces nothing.
#[derive(Debug)]
pub struct Table {
    pub setting: Setting,
    pub edition: Edition,
    pub die: u32,
    pub entries: &'static [Entry],
}

impl Table {
    /// The entry a face of the die brings, if any.
    pub fn entry(&self, face: u32) -> Option<&'static Entry> {
        face.checked_sub(1).and_then(|i| self.entries.get(i as usize))
    }

    /// The table for a setting in an edition.
    pub fn of(edition: Edition, setting: Setting) -> &'static Table {
        match (edition, setting) {
            (Edition::E2014, Setting::Urban) => &URBAN_2014,
            (Edition::E2014, Setting::Wilderness) => &WILDERNESS_2014,
            (Edition::E2024, Setting::Urban) => &URBAN_2024,
            (Edition::E2024, Setting::Wilderness) => &WILDERNESS_2024,
        }
    }
}

/// A complication: what the participant it befalls meets, the roll that avoids it (none: it
/// simply happens), and what it does on a failure.
#[derive(Debug)]
pub struct Entry {
    /// A stable id, written out in YAML and JSON.
    pub id: &'static str,
    /// What the participant runs into, in a few words.
    pub words: &'static str,
    pub test: Option<TestSpec>,
    pub harm: Harm,
}

/// The roll that avoids a complication: the best of `abilities` (the participant's choice).
#[derive(Clone, Copy, Debug)]
pub struct TestSpec {
    pub kind: Kind,
    pub abilities: &'static [Ability],
    pub dc: i32,
}

/// What a complication does to the participant it befalls.
#[derive(Clone, Copy, Debug)]
pub struct Harm {
    /// Feet of difficult terrain on its next turn: each foot costs a foot more.
    pub terrain: u32,
    /// Knocked prone: standing up on its next turn costs half its Speed.
    pub prone: bool,
    /// Caught in a net: no movement on its next turn.
    pub restrained: bool,
    /// Blinded until the end of its next turn, its Speed halved meanwhile.
    pub blinded: bool,
    /// A guard's spear, if it moves 20 feet or more on its next turn.
    pub guard: bool,
    pub damage: &'static [DamageDice],
    pub fall: Fall,
    pub attack: Option<AttackSpec>,
    /// What the game master adds to the scene, when the table leaves it to them.
    pub note: Option<&'static str>,
}

impl Harm {
    const NONE: Harm = Harm {
        terrain: 0,
        prone: false,
        restrained: false,
        blinded: false,
        guard: false,
        damage: &[],
        fall: Fall::None,
        attack: None,
        note: None,
    };
}

/// Damage dice: `count`d`sides` + `bonus` of a `kind`.
#[derive(Clone, Copy, Debug)]
pub struct DamageDice {
    pub count: u32,
    pub sides: u32,
    pub bonus: i32,
    pub kind: &'static str,
}

/// An attack made on the participant: +`bonus` to hit, `damage` on a hit.
#[derive(Clone, Copy, Debug)]
pub struct AttackSpec {
    pub bonus: i32,
    pub damage: DamageDice,
}

/// A fall into a drop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fall {
    None,
    /// DMG 2014 p.254: 1d4 × 5 feet, 1d6 bludgeoning per 10 feet fallen, landing prone.
    Rolled,
    /// DMG 2024: 10 feet; SRD 5.2, falling: 1d6 bludgeoning per 10 feet, landing prone.
    Feet(u32),
}

const fn dice(count: u32, sides: u32, bonus: i32, kind: &'static str) -> DamageDice {
    DamageDice { count, sides, bonus, kind }
}

const fn check(abilities: &'static [Ability], dc: i32) -> Option<TestSpec> {
    Some(TestSpec { kind: Kind::Check, abilities, dc })
}

const fn save(abilities: &'static [Ability], dc: i32) -> Option<TestSpec> {
    Some(TestSpec { kind: Kind::Save, abilities, dc })
}

use Ability::{Cha, Con, Dex, Str, Wis};

/// DMG 2014 p.254: a guard who mistakes the participant for someone else thrusts a spear at it
/// if it moves 20 feet or more (+3 to hit, 1d6 + 1 piercing).
pub const GUARD_SPEAR: AttackSpec = AttackSpec { bonus: 3, damage: dice(1, 6, 1, "piercing") };

/// DMG 2014 p.254, Urban Chase Complications: d20, 1–10 a complication. An entry that lets
/// the participant choose between abilities takes its best modifier; Intelligence, which fray
/// has no key for, is left out of the barrels and crates.
pub static URBAN_2014: Table = Table {
    setting: Setting::Urban,
    edition: Edition::E2014,
    die: 20,
    entries: &[
        Entry {
            id: "obstacle",
            words: "a cart, a horse or some other bulk blocks the way",
            test: check(&[Dex], 15),
            harm: Harm { terrain: 10, ..Harm::NONE },
        },
        Entry {
            id: "crowd",
            words: "a crowd fills the way",
            test: check(&[Str, Dex], 10),
            harm: Harm { terrain: 10, ..Harm::NONE },
        },
        Entry {
            id: "barrier",
            words: "a window or some other barrier bars the way",
            test: save(&[Str], 10),
            harm: Harm { prone: true, ..Harm::NONE },
        },
        Entry {
            id: "maze",
            words: "a jumble of barrels and crates",
            test: check(&[Dex], 10),
            harm: Harm { terrain: 10, ..Harm::NONE },
        },
        Entry {
            id: "slippery_ground",
            words: "slick ground underfoot",
            test: save(&[Dex], 10),
            harm: Harm { prone: true, ..Harm::NONE },
        },
        Entry {
            id: "dogs",
            words: "dogs fighting over scraps",
            test: check(&[Dex], 10),
            harm: Harm { terrain: 5, damage: &[dice(1, 4, 0, "piercing")], ..Harm::NONE },
        },
        Entry {
            id: "brawl",
            words: "a street fight in full swing",
            test: check(&[Str, Dex, Cha], 15),
            harm: Harm { terrain: 10, damage: &[dice(2, 4, 0, "bludgeoning")], ..Harm::NONE },
        },
        Entry {
            id: "beggar",
            words: "a beggar steps into the way",
            test: check(&[Str, Dex, Cha], 10),
            harm: Harm { terrain: 5, ..Harm::NONE },
        },
        Entry {
            id: "guard",
            words: "a guard takes it for someone else",
            test: None,
            harm: Harm { guard: true, ..Harm::NONE },
        },
        Entry {
            id: "sharp_turn",
            words: "a sharp turn round something solid",
            test: save(&[Dex], 10),
            harm: Harm { damage: &[dice(1, 4, 0, "bludgeoning")], ..Harm::NONE },
        },
    ],
};

/// DMG 2014 p.254, Wilderness Chase Complications: d20, 1–10 a complication. Razorvine may
/// be skirted for 10 feet of movement instead of the save; fray's runners always try the save.
pub static WILDERNESS_2014: Table = Table {
    setting: Setting::Wilderness,
    edition: Edition::E2014,
    die: 20,
    entries: &[
        Entry {
            id: "brush",
            words: "a thicket of brush",
            test: check(&[Str, Dex], 10),
            harm: Harm { terrain: 5, ..Harm::NONE },
        },
        Entry {
            id: "uneven_ground",
            words: "broken, uneven ground",
            test: check(&[Dex], 10),
            harm: Harm { terrain: 10, ..Harm::NONE },
        },
        Entry {
            id: "insects",
            words: "a swarm of insects",
            test: None,
            harm: Harm { attack: Some(AttackSpec { bonus: 3, damage: dice(4, 4, 0, "piercing") }), ..Harm::NONE },
        },
        Entry {
            id: "stream",
            words: "a stream, a gully or a bed of rocks across the way",
            test: check(&[Str, Dex], 10),
            harm: Harm { terrain: 10, ..Harm::NONE },
        },
        Entry {
            id: "blowing_sand",
            words: "blowing sand, ash, snow or pollen",
            test: save(&[Con], 10),
            harm: Harm { blinded: true, ..Harm::NONE },
        },
        Entry {
            id: "sudden_drop",
            words: "the ground drops away",
            test: save(&[Dex], 10),
            harm: Harm { fall: Fall::Rolled, prone: true, ..Harm::NONE },
        },
        Entry {
            id: "snare",
            words: "a hunter's snare",
            test: save(&[Dex], 15),
            harm: Harm { restrained: true, ..Harm::NONE },
        },
        Entry {
            id: "stampede",
            words: "a stampede of frightened animals",
            test: save(&[Dex], 10),
            harm: Harm { damage: &[dice(1, 4, 0, "bludgeoning"), dice(1, 4, 0, "piercing")], ..Harm::NONE },
        },
        Entry {
            id: "razorvine",
            words: "a patch of razorvine",
            test: save(&[Dex], 15),
            harm: Harm { damage: &[dice(1, 10, 0, "slashing")], ..Harm::NONE },
        },
        Entry {
            id: "local_creature",
            words: "a creature of the land gives chase",
            test: None,
            harm: Harm { note: Some("gives_chase"), ..Harm::NONE },
        },
    ],
};

/// DMG 2024, Urban Chase Complications: d12, 1–6 a complication; every roll a saving throw.
pub static URBAN_2024: Table = Table {
    setting: Setting::Urban,
    edition: Edition::E2024,
    die: 12,
    entries: &[
        Entry {
            id: "obstacle",
            words: "a cart or some other bulk blocks the way",
            test: save(&[Dex], 10),
            harm: Harm { terrain: 10, ..Harm::NONE },
        },
        Entry {
            id: "crowd",
            words: "a crowd fills the way",
            test: save(&[Str, Dex, Cha], 10),
            harm: Harm { terrain: 10, ..Harm::NONE },
        },
        Entry {
            id: "maze",
            words: "a jumble of barrels and crates",
            test: save(&[Dex], 10),
            harm: Harm { terrain: 10, ..Harm::NONE },
        },
        Entry {
            id: "slippery_ground",
            words: "slick ground underfoot",
            test: save(&[Dex], 10),
            harm: Harm { prone: true, ..Harm::NONE },
        },
        Entry {
            id: "brawl",
            words: "a street fight in full swing",
            test: save(&[Str, Dex, Cha], 15),
            harm: Harm { terrain: 10, damage: &[dice(2, 4, 0, "bludgeoning")], ..Harm::NONE },
        },
        Entry {
            id: "sharp_turn",
            words: "a sharp turn round something solid",
            test: save(&[Dex], 10),
            harm: Harm { damage: &[dice(1, 4, 0, "bludgeoning")], ..Harm::NONE },
        },
    ],
};

/// DMG 2024, Wilderness Chase Complications: d12, 1–6 a complication.
pub static WILDERNESS_2024: Table = Table {
    setting: Setting::Wilderness,
    edition: Edition::E2024,
    die: 12,
    entries: &[
        Entry {
            id: "insects",
            words: "a swarm of insects",
            test: None,
            harm: Harm { note: Some("swarm_acts"), ..Harm::NONE },
        },
        Entry {
            id: "stream",
            words: "a stream or a gully across the way",
            test: save(&[Str, Dex], 10),
            harm: Harm { terrain: 10, ..Harm::NONE },
        },
        Entry {
            id: "blowing_sand",
            words: "blowing sand, ash, snow or pollen",
            test: save(&[Con], 10),
            harm: Harm { blinded: true, ..Harm::NONE },
        },
        Entry {
            id: "sudden_drop",
            words: "the ground drops away",
            test: save(&[Dex], 10),
            harm: Harm { fall: Fall::Feet(10), prone: true, ..Harm::NONE },
        },
        Entry {
            id: "razorvine",
            words: "a patch of razorvine",
            test: save(&[Dex], 15),
            harm: Harm { damage: &[dice(1, 10, 0, "slashing")], ..Harm::NONE },
        },
        Entry {
            id: "local_creature",
            words: "a creature of the land takes notice",
            test: save(&[Wis, Cha], 10),
            harm: Harm { note: Some("joins_chase"), ..Harm::NONE },
        },
    ],
};
