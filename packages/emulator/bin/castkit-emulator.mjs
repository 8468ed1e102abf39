#!/usr/bin/env node
// The compiled emulator (dist/); this repo's tests run it from src/ with the castkit-source condition.
import '#bin';
