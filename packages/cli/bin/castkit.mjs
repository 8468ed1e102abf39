#!/usr/bin/env node
// The compiled CLI (dist/); this repo's tests run it from src/ with the castkit-source condition.
import '#bin';
