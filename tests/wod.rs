//! Tests of the wod ruleset, end to end through the binary.
