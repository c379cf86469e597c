//! A cofd encounter: the contested surprise, then initiative, ties and delayed actions as in the
//! World of Darkness: the Storytelling family's encounter.

use super::SurpriseInput;
use crate::rulesets::family::storyteller as family;

/// A cofd encounter (CofD 2e p. 89): the contested surprise, then the family's initiative in turns,
/// the surprised acting from turn 2.
pub type EncounterInput = family::EncounterInput<SurpriseInput>;
