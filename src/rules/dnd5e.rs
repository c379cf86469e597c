//! D&D 5th edition, 2014 rules and the DMG initiative variants (seeds 002, 004).
