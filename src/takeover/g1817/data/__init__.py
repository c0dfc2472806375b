"""Static data of 1817, 1817NA and 1817WO: plain data modules, no rules."""
