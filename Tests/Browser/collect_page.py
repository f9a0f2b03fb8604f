#!/usr/bin/python3
"""Two respondents of `formctl serve --collect` at once, in headless Chromium.

Usage: /usr/bin/python3 Tests/Browser/collect_page.py URL OWNER_URL FORMCTL DB

URL is the respondents' link (the first line `formctl serve --collect`
prints), OWNER_URL the owner's (`/owner?token=T`, the second line), FORMCTL
the binary and DB the database the server serves: the form of
CollectBrowserTests.swift (name, age, fruit, visit; all required), with
shared values the owner set before the server started.

Two browsers (two WebDriver sessions, so two cookie jars) fill in the
respondents' page at the same time, a few characters in one, then a few in
the other, and both press Submit. A third browser holds the owner's shared
page open meanwhile. The checks: each respondent's page only ever shows
their own values and title; both submissions are stored as two complete
responses, each with exactly its own answers; no draft is left; and the
owner's shared values did not change, in the page held open, in the page
loaded again and in `formctl fields --json`.

Each check prints a line; the last line is "N checks passed", and the exit
status is 0, or 1 at the first failing check.
Run by Tests/EndToEndTests/CollectBrowserTests.swift.
"""

import json
import subprocess
import sys
import time

from browser_support import check, chromium, passed, run, run_formctl, wait as wait_until
from selenium.webdriver.common.by import By

URL, OWNER_URL, FORMCTL, DB = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]
KEYS = ("name", "age", "fruit", "visit")
# What each respondent types, field by field. The two differ in every
# field and in length, so that a value typed into the wrong draft, or cut
# short, shows.
ANSWERS = {
    "alice": {"name": "Alice Liddell", "age": "34", "fruit": "pear", "visit": "2026-03-01"},
    "bob": {"name": "Bob Bobson", "age": "57", "fruit": "plum", "visit": "2026-11-30"},
}
SUBMITTED = "Your response is submitted. Thank you."
drivers = []

# A deadline, not a timing check: on a busy machine (both cores taken by
# other work) Chromium can take seconds to redraw, and a passing wait
# returns as soon as its condition holds.
DEADLINE = 90.0


def formctl(*arguments):
    return run_formctl(FORMCTL, DB, *arguments, timeout=60)


def browser(url):
    """A new headless Chromium with a profile (and so cookies) of its own."""
    driver = chromium()
    drivers.append(driver)
    driver.get(url)
    return driver


def wait(driver, condition, what, timeout=DEADLINE):
    """Waits until condition(driver) is truthy; a timeout is a failed check."""
    return wait_until(driver, condition, what, timeout, poll=0.05)


def live(driver, name):
    """Waits until the page's script runs and its event stream is open
    (the page marks <html> with the class "live" when the stream opens)."""
    wait(driver, lambda d: d.execute_script("return document.documentElement.classList.contains('live')"),
         f"{name}: the page's script runs and its event stream is open")


def values(driver):
    """The page's controls, key -> the text it holds (a radio group: the
    value of the one checked)."""
    return driver.execute_script("""
        const out = {};
        for (const key of arguments[0]) {
          const box = document.querySelector('.field[data-key="' + key + '"]');
          const radios = Array.from(box.querySelectorAll('input[type="radio"]'));
          const chosen = radios.find((radio) => radio.checked);
          out[key] = radios.length ? (chosen ? chosen.value : '') : box.querySelector('input:not([type="hidden"]), select, textarea').value;
        }
        return out;""", list(KEYS))


def answer(driver, key, text, start):
    """Gives `key` the part of `text` from `start` as its control takes it:
    two characters typed into a text or number box, a radio clicked, a
    date typed into the date picker (month, day, year); each returns
    whether anything was done."""
    control = driver.find_element(By.ID, f"field-{key}")
    kind = control.get_attribute("type")
    if kind == "radio":
        if start == 0:
            driver.find_element(By.CSS_SELECTOR, f'input[name="field:{key}"][value="{text}"]').click()
        return start == 0
    if kind == "date":
        if start == 0:
            year, month, day = text.split("-")
            control.send_keys(month + day + year)
        return start == 0
    chunk = text[start:start + 2]
    if chunk:
        control.send_keys(chunk)
    return bool(chunk)


def title(driver):
    return " ".join(driver.find_element(By.ID, "title").text.split())


def outcome(driver):
    return " ".join(driver.find_element(By.ID, "outcome").text.split())


def shared_values():
    """`formctl fields --json`'s key -> value: the owner's shared form."""
    return {field["key"]: field["value"] for field in json.loads(formctl("fields", "--json"))}


def as_text(value):
    """A value of the JSON formctl prints, as the text typed for it."""
    return "" if value is None else str(value)


def poll(condition, what, timeout=DEADLINE):
    """Calls condition() until it is truthy; a timeout is a failed check."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value or time.monotonic() > deadline:
            check(value, what)
            return value
        time.sleep(0.1)


def stored_values(status):
    """The responses of `status` in `formctl responses --format json`, each
    as key -> text, sorted by name."""
    stored = json.loads(formctl("responses", "--status", status, "--format", "json"))
    return sorted(({key: as_text(r["values"].get(key)) for key in KEYS} for r in stored), key=lambda v: v["name"])


def main():
    started = time.monotonic()
    shared_before = shared_values()
    check(shared_before["name"] == "Owner's own" and shared_before["age"] == 99,
          f"the owner's shared values are set before: {shared_before}")

    # The owner's shared page, held open (and live) while respondents type:
    # nothing they do may reach it.
    owner = browser(OWNER_URL)
    wait(owner, lambda d: d.current_url.split("?")[0].endswith("/owner"), "the owner's link signs in and opens /owner")
    live(owner, "the owner's page")
    owner_before = values(owner)
    check(owner_before == {key: as_text(shared_before[key]) for key in KEYS},
          f"the owner's page shows the shared values: {owner_before}")

    alice = browser(URL)
    bob = browser(URL)
    pages = {"alice": alice, "bob": bob}
    for name, driver in pages.items():
        live(driver, name)
        check(values(driver) == {key: "" for key in KEYS},
              f"{name}: a blank form, none of the owner's values: {values(driver)}")
        check(not driver.get_cookies(), f"{name}: loading the page set no cookie")

    # Typing at the same time: two characters in Alice's field, then two in
    # Bob's, until both have typed every field. Each page saves what is
    # typed on its own (80 ms after a keystroke), so the two respondents'
    # first writes, which make their drafts, and the rest of their saves
    # reach the server interleaved.
    for key in KEYS:
        texts = {name: ANSWERS[name][key] for name in pages}
        for start in range(0, max(len(text) for text in texts.values()), 2):
            for name, driver in pages.items():
                answer(driver, key, texts[name], start)
    for name, driver in pages.items():
        wait(driver, lambda d: values(d) == ANSWERS[name], f"{name}: the page holds exactly what {name} typed")
        expected_title = "Survey for " + ANSWERS[name]["name"]
        wait(driver, lambda d: title(d) == expected_title, f"{name}: the title follows their own name: {expected_title!r}")
        wait(driver, lambda d: all(
            d.find_element(By.CSS_SELECTOR, f'.field[data-key="{key}"]').get_attribute("data-state") == "valid"
            for key in KEYS), f"{name}: every field's saved answer is valid")
    cookies = {name: {c["name"]: c["value"] for c in driver.get_cookies()}.get("formctl_respondent")
               for name, driver in pages.items()}
    check(cookies["alice"] and cookies["bob"] and cookies["alice"] != cookies["bob"],
          "each browser holds a formctl_respondent cookie of its own")
    # The pages save on their own, the last keystrokes a moment after they
    # are typed: the database is polled until it holds them.
    expected_drafts = [ANSWERS["alice"], ANSWERS["bob"]]
    drafts = poll(lambda: stored_values("draft") == expected_drafts and stored_values("draft"),
                  "two drafts in the database, each with exactly one respondent's answers")
    print(f"drafts: {drafts}", flush=True)

    # Both press Submit, one right after the other; each page says so.
    for driver in pages.values():
        driver.find_element(By.CSS_SELECTOR, 'button[value="submit"]').click()
    for name, driver in pages.items():
        wait(driver, lambda d: outcome(d) == SUBMITTED, f"{name}: the page says the response is submitted")
        wait(driver, lambda d: values(d) == {key: "" for key in KEYS}, f"{name}: then shows the blank form again")

    # Two complete responses, each with exactly its respondent's answers.
    stored = json.loads(formctl("responses", "--format", "json"))
    check(len(stored) == 2 and all(r["status"] == "complete" for r in stored),
          f"two complete responses are stored: {stored}")
    got = sorted(({key: as_text(r["values"].get(key)) for key in KEYS} for r in stored), key=lambda v: v["name"])
    check(got == [ANSWERS["alice"], ANSWERS["bob"]], f"each holds exactly its own answers: {got}")
    check(all(set(r["values"]) == set(KEYS) for r in stored), "and nothing else")
    check(json.loads(formctl("responses", "--status", "draft", "--format", "json")) == [],
          "no draft is left: no write came after a submit")

    # The owner's shared form did not change.
    check(values(owner) == owner_before, f"the owner's page held open still shows the shared values: {values(owner)}")
    owner.get(OWNER_URL)
    wait(owner, lambda d: d.current_url.split("?")[0].endswith("/owner"), "the owner's page loads again")
    live(owner, "the owner's page, loaded again")
    check(values(owner) == owner_before, f"and shows the same shared values: {values(owner)}")
    check(shared_values() == shared_before, "formctl fields --json: the shared values are as before")

    print(f"collect browser run: {time.monotonic() - started:.1f} s", flush=True)
    print(f"{passed()} checks passed", flush=True)


run(main, drivers)
