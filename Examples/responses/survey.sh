#!/bin/sh
# Twelve responses of Examples/forms/survey.yaml, in ./survey.db: what the
# summary examples in docs/responses.md start from. Run from a clone's
# root: sh Examples/responses/survey.sh
set -e
formctl apply Examples/forms/survey.yaml --db survey.db > /dev/null
submit() { printf '%s\n' "$1" | formctl submit --from - --format json --db survey.db > /dev/null; }
submit '{"name": "Ada", "age": 38, "laptop": false, "colour": "green", "toppings": ["cheese"], "start": "2026-01-27", "call": "09:30", "height": 1.66}'
submit '{"name": "Grace", "age": 19, "laptop": false, "colour": "green", "toppings": ["cheese"], "start": "2026-01-14", "call": "16:45"}'
submit '{"name": "Alan", "age": 23, "laptop": true, "colour": "green", "toppings": ["cheese"], "start": "2026-03-04", "call": "12:00"}'
submit '{"name": "Edsger", "age": 61, "laptop": false, "colour": "green", "toppings": ["cheese"], "start": "2026-01-02", "call": "12:00"}'
submit '{"name": "Barbara", "age": 34, "laptop": false, "colour": "red", "toppings": ["basil"], "start": "2026-03-27", "call": "12:00", "height": 1.55}'
submit '{"name": "Ken", "age": 61, "laptop": false, "colour": "blue", "toppings": ["cheese"], "start": "2026-03-23", "call": "09:30"}'
submit '{"name": "Linus", "age": 61, "laptop": true, "colour": "green", "toppings": ["olives", "basil"], "start": "2026-03-18", "call": "16:45"}'
submit '{"name": "Margaret", "age": 38, "laptop": false, "colour": "green", "toppings": ["basil"], "start": "2026-02-08", "call": "12:00"}'
submit '{"name": "Tony", "age": 31, "laptop": true, "colour": "blue", "toppings": ["olives", "basil"], "start": "2026-02-24", "call": "16:45", "height": 1.63}'
submit '{"name": "Niklaus", "age": 23, "laptop": true, "colour": "green", "toppings": ["cheese", "olives"], "start": "2026-02-05", "call": "16:45"}'
submit '{"name": "Frances", "age": 42, "laptop": true, "colour": "red", "toppings": ["basil"], "start": "2026-02-23", "call": "12:00"}'
submit '{"name": "John", "age": 61, "laptop": false, "colour": "green", "toppings": ["cheese"], "start": "2026-01-09", "call": "16:45"}'
