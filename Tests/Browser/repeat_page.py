#!/usr/bin/python3
"""A repeat's instances added, filled and removed with the keyboard alone,
in headless Chromium (selenium), with and without script.

Usage: /usr/bin/python3 Tests/Browser/repeat_page.py FORMCTL FOLDER [SHOTS]

FORMCTL is the binary, FOLDER an empty folder for the databases. For each
browser (with script, then without) a database holding
Examples/forms/family.yaml is made and `formctl serve --port 0` serves it
on 127.0.0.1. Only keys are sent (Tab, Shift+Tab, Enter, Space, letters
and digits): the first child is filled in, "Add a child" adds a second
whose first field is then focused, "Remove child 1" removes the first
(the second moves up) and focus lands on "Add a child"; `formctl values
--format json` reads what was typed, nested. With script the form is then
submitted and `formctl responses --format json` holds it; without script,
Enter in a field submits (it does not press Add or Remove). With SHOTS (a
folder), pictures of the page with two children at 1280 and 320 CSS px go
there as page-repeat-1280.png and page-repeat-320.png. Each check prints a
line; the last is "N checks passed", and the exit status is 0, or 1 at the
first failing check.
Run by Tests/EndToEndTests/RepeatPageBrowserTests.swift.
"""

import json
import os
import subprocess
import sys
import time

from browser_support import check, chromium, passed, run, run_formctl
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

FORMCTL, FOLDER = sys.argv[1], sys.argv[2]
SHOTS = sys.argv[3] if len(sys.argv) > 3 else None
FAMILY = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Examples", "forms", "family.yaml")
DEADLINE = 60.0
drivers = []
servers = []


def served(name):
    """A new database holding the family form, served; returns (db, base URL)."""
    db = os.path.join(FOLDER, name + ".db")
    run_formctl(FORMCTL, db, "apply", FAMILY)
    server = subprocess.Popen([FORMCTL, "serve", "--db", db, "--port", "0"],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    servers.append(server)
    url = server.stdout.readline().strip()
    check(url.startswith("http://127.0.0.1:"), f"serve prints its URL: {url}")
    return db, url.split("?")[0].rstrip("/")


def browser(url, javascript=True, width=1280, height=900):
    driver = chromium(width, height, javascript)
    drivers.append(driver)
    driver.get(url)
    if javascript:
        WebDriverWait(driver, DEADLINE).until(lambda d: "live" in (d.find_element(By.TAG_NAME, "html").get_attribute("class") or ""))
    return driver


def active(driver):
    return driver.switch_to.active_element


def keys(driver, *sequence):
    active(driver).send_keys(*sequence)


def describe(element):
    return element.get_attribute("id") or element.text or element.tag_name


def tab_to(driver, what, matches, backwards=False, limit=20):
    """Presses Tab (Shift+Tab) until the focused element `matches`."""
    for _ in range(limit):
        if matches(active(driver)):
            break
        keys(driver, Keys.SHIFT + Keys.TAB if backwards else Keys.TAB)
    check(matches(active(driver)), f"{'Shift+' if backwards else ''}Tab reaches {what} (at {describe(active(driver))!r})")


def field(key):
    return lambda element: element.get_attribute("id") == "field-" + key


def button(text):
    return lambda element: element.tag_name == "button" and element.text == text


def values(db):
    return json.loads(run_formctl(FORMCTL, db, "values", "--format", "json"))


def wait_for(what, condition):
    deadline = time.monotonic() + DEADLINE
    result = False
    while time.monotonic() < deadline:
        try:
            result = condition()
        except Exception:
            result = False
        if result:
            break
        time.sleep(0.2)
    check(result, what)


def children(db):
    return [{key: child.get(key) for key in ("name", "age")} for child in values(db).get("children", [])]


def with_script():
    db, url = served("script")
    page = browser(url + "/")
    page.find_element(By.TAG_NAME, "body").send_keys(Keys.TAB)
    tab_to(page, "Address", field("address"))
    keys(page, "1 Main St", Keys.TAB)
    check(field("consent")(active(page)), "Tab reaches Consent's Yes")
    check(not page.find_element(By.ID, "group-contact").is_displayed(), "How to reach you is hidden before consent")
    keys(page, Keys.SPACE)
    # The group's condition holds once the server has Yes: the script shows it.
    wait_for("Space on Yes shows the group How to reach you, its fields enabled",
             lambda: page.find_element(By.ID, "group-contact").is_displayed()
             and page.find_element(By.ID, "field-contact.phone").is_enabled())
    keys(page, Keys.TAB)
    check(field("contact.phone")(active(page)), "Tab reaches the group's Phone")
    keys(page, "555 0100")
    tab_to(page, "the first child's Name", field("children.1.name"))
    keys(page, "Ann", Keys.TAB)
    check(field("children.1.age")(active(page)), "Tab reaches the first child's Age")
    keys(page, "7")
    # Age 7 shows School (show_if age at_least 5) once the server says so.
    wait_for("School is shown for a child of 7",
             lambda: not page.find_element(By.CSS_SELECTOR, '.field[data-key="children.1.school"]').get_attribute("hidden"))
    keys(page, Keys.TAB)
    check(field("children.1.school")(active(page)), "Tab reaches the first child's School")
    keys(page, "Elm")
    tab_to(page, "Add a child", button("Add a child"))
    check(not page.find_elements(By.XPATH, "//button[text()='Remove child 1']"), "one child (min_count 1): no Remove")
    keys(page, Keys.ENTER)
    wait_for("Enter on Add a child draws the page again with the second child's Name focused",
             lambda: "focus=children.2" in page.current_url and field("children.2.name")(active(page)))
    check(page.find_element(By.CSS_SELECTOR, "#group-children\\.2 > legend").text == "Child 2", "the new instance is titled Child 2")
    keys(page, "Bea", Keys.TAB, "3")
    wait_for("formctl values reads both children as typed",
             lambda: children(db) == [{"name": "Ann", "age": 7}, {"name": "Bea", "age": 3}])
    tab_to(page, "Remove child 1", button("Remove child 1"), backwards=True)
    keys(page, Keys.SPACE)
    wait_for("Space on Remove child 1 draws the page again with Add a child focused",
             lambda: "focus=children" in page.current_url and button("Add a child")(active(page)))
    check(len(page.find_elements(By.CSS_SELECTOR, "fieldset.instance")) == 1, "one instance is left")
    check(page.find_element(By.ID, "field-children.1.name").get_attribute("value") == "Bea", "Bea moved up to Child 1")
    stored = values(db)
    check(stored.get("address") == "1 Main St" and stored.get("contact", {}).get("phone") == "555 0100"
          and children(db) == [{"name": "Bea", "age": 3}],
          f"formctl values: the address, the phone and one child, Bea, 3 ({json.dumps(stored)})")
    tab_to(page, "Submit", lambda element: element.tag_name == "button" and element.get_attribute("class") == "primary")
    keys(page, Keys.ENTER)
    wait_for("Enter on Submit stores a response", lambda: "stored" in page.find_element(By.ID, "outcome").text)
    responses = json.loads(run_formctl(FORMCTL, db, "responses", "--format", "json"))
    answers = json.dumps(responses)
    check(len(responses) == 1 and "Bea" in answers and "Ann" not in answers,
          f"formctl responses holds Bea, not the removed Ann ({answers[:300]})")


def without_script():
    db, url = served("plain")
    page = browser(url + "/", javascript=False)
    page.find_element(By.TAG_NAME, "body").send_keys(Keys.TAB)
    tab_to(page, "Address", field("address"))
    keys(page, "2 Side St", Keys.ENTER)
    # Enter submits (a hidden Submit comes first), never Add or Remove.
    wait_for("without script, Enter in Address submits, refused by check", lambda: "check=failed" in page.current_url)
    check(len(page.find_elements(By.CSS_SELECTOR, "fieldset.instance")) == 1, "and adds no instance")
    check(values(db).get("address") == "2 Side St", "the address was saved by the plain post")
    tab_to(page, "the first child's Name", field("children.1.name"))
    keys(page, "Cy")
    tab_to(page, "Add a child", button("Add a child"))
    keys(page, Keys.ENTER)
    wait_for("without script, Add posts, and the second child's Name is focused (autofocus)",
             lambda: "focus=children.2" in page.current_url and field("children.2.name")(active(page)))
    check(children(db) == [{"name": "Cy", "age": None}, {"name": "", "age": None}],
          f"Cy was saved with the post, and a second child added ({children(db)})")
    keys(page, "Di")
    tab_to(page, "Remove child 1", button("Remove child 1"), backwards=True)
    keys(page, Keys.SPACE)
    wait_for("without script, Remove posts, and Add a child is focused",
             lambda: "focus=children" in page.current_url and "children.2" not in page.current_url and button("Add a child")(active(page)))
    check(children(db) == [{"name": "Di", "age": None}], f"Di, typed before Remove, was saved and moved up ({children(db)})")
    rows = subprocess.run(["sqlite3", db, "SELECT path, value FROM form_values WHERE path LIKE 'children.%' ORDER BY path"],
                          capture_output=True, text=True, timeout=30)
    if rows.returncode == 0:
        check("children.1.name|Di" in rows.stdout and "children.2" not in rows.stdout,
              f"sqlite3's form_values agrees ({rows.stdout.strip()!r})")


def pictures():
    """The page with two children, shown contact group, at 1280 and 320 px."""
    db, url = served("pictures")
    for key, value in (("address", "1 Main St"), ("consent", "true"), ("contact.phone", "+44 20 7946 0000")):
        run_formctl(FORMCTL, db, "set", key, value)
    run_formctl(FORMCTL, db, "repeat", "add", "children")
    for key, value in (("children.1.name", "Ann"), ("children.1.age", "7"), ("children.1.school", "Elm Street"),
                       ("children.2.name", "Bea"), ("children.2.age", "3")):
        run_formctl(FORMCTL, db, "set", key, value)
    for width, height in ((1280, 1170), (320, 1840)):
        page = browser(url + "/", width=width, height=height)
        sideways = page.execute_script("return document.documentElement.scrollWidth - document.documentElement.clientWidth")
        check(sideways <= 0, f"the family page at {width} CSS px: nothing scrolls sideways ({sideways} px)")
        if SHOTS:
            page.save_screenshot(os.path.join(SHOTS, f"page-repeat-{width}.png"))
        page.quit()
        drivers.remove(page)


def main():
    with_script()
    without_script()
    pictures()
    print(f"{passed()} checks passed", flush=True)


try:
    run(main, drivers)
finally:
    for server in servers:
        server.terminate()
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
