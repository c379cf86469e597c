//! The cast keys ose and bx share: a side's surprise chance and awareness, the dice it rolled
//! at the table, and the morale score.

use crate::cast::KeyDef;

/// OSE SRD, Morale: a morale score from 2 to 12, for `morale` (a side's, a group's or one
/// combatant's).
pub(crate) const ML: KeyDef = KeyDef::int("ml", 2, 12, "morale score, for morale checks");

/// The side keys of the surprise rule.
pub(crate) const AWARE: KeyDef = KeyDef::flag("aware", "already knows of the others: does not roll for surprise");
pub(crate) const CHANCE: KeyDef =
    KeyDef::int("chance", 0, 6, "surprised on this or less on 1d6 (default 2, i.e. 2-in-6)");
/// A side's dice already rolled at the table (SPEC §1: given values are shown as given).
pub(crate) const SURPRISE_DIE: KeyDef =
    KeyDef::int("surprise", 1, 6, "the side's surprise d6, already rolled at the table");
pub(crate) const INITIATIVE_DIE: KeyDef =
    KeyDef::int("initiative", 1, 6, "the side's initiative d6, already rolled at the table");
