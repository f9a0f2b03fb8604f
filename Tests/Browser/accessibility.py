#!/usr/bin/python3
"""The page's accessibility audit: axe-core in headless Chromium (selenium).

Usage: /usr/bin/python3 Tests/Browser/accessibility.py FORMCTL FOLDER AXE_JS [CASE...]

FORMCTL is the binary, FOLDER an empty folder for the databases, AXE_JS
axe-core's axe.min.js (Scripts/axe-core.sh). For each case (all without
CASE arguments) a database is made, `formctl serve --port 0` (or
`serve --collect`) serves it on 127.0.0.1, and the page, in the states the
case names, is audited with axe-core's WCAG 2.0 and 2.1 A and AA rules and
its best practices (`wcag2a`, `wcag2aa`, `wcag21a`, `wcag21aa`,
`best-practice`), the family form among them (its groups, a repeat of
two instances, an empty list; its group shown; a refused submit), and the
owner's summary page (`/owner/summary`) at 1280 and 320 CSS px; the default, the Hebrew form and the summary are also loaded at
1280, 640 (200% zoom), 390 and 320 CSS pixels wide, where nothing may
scroll sideways (with $FORMCTL_SCREENSHOTS, a folder, pictured there). Every violation is printed with its nodes; a state with
none is one passing check. The last line is "N checks passed", and the
exit status is 0, or 1 at the first state with a violation.
Run by Tests/EndToEndTests/AccessibilityTests.swift.
"""

import json
import os
import subprocess
import sys
import time

from browser_support import check, chromium, passed, run, run_formctl
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

FORMCTL, FOLDER, AXE_JS = sys.argv[1], sys.argv[2], sys.argv[3]
CASES = sys.argv[4:]
EXAMPLES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Examples", "forms")
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]
DEADLINE = 60.0
with open(AXE_JS, encoding="utf-8") as source:
    AXE = source.read()
drivers = []
servers = []


def serve(db, *options):
    """Starts formctl serve on a free loopback port; returns the URLs it prints."""
    server = subprocess.Popen([FORMCTL, "serve", "--db", db, "--port", "0", *options],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    servers.append(server)
    lines = [server.stdout.readline().strip()]
    if "--collect" in options:
        lines.append(server.stdout.readline().strip())
    check(all(line.startswith("http://127.0.0.1:") for line in lines), f"serve {' '.join(options)} prints its URLs: {lines}")
    return lines


def database(name, form_file=None):
    db = os.path.join(FOLDER, name + ".db")
    run_formctl(FORMCTL, db, "fields")  # makes the database with the default form
    if form_file:
        run_formctl(FORMCTL, db, "apply", form_file)
    return db


def browser(url, width=1280, height=900):
    driver = chromium(width, height)
    drivers.append(driver)
    driver.get(url)
    live(driver)
    return driver


def live(driver):
    """Waits until the page's script has run (it marks <html> with `js`)."""
    WebDriverWait(driver, DEADLINE).until(
        lambda d: "js" in (d.find_element(By.TAG_NAME, "html").get_attribute("class") or "").split())


def audit(driver, state):
    """axe-core on the page as it is; one check: no violation."""
    driver.execute_script(AXE)
    violations = driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        axe.run(document, {runOnly: {type: 'tag', values: arguments[0]}, resultTypes: ['violations']})
          .then(results => done(results.violations.map(v => ({
            id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.map(n => n.target.join(' ') + ': ' + (n.failureSummary || '').replace(/\\s+/g, ' '))}))))
          .catch(error => done([{id: 'axe-error', impact: 'critical', help: String(error), nodes: []}]));
        """, TAGS)
    for violation in violations:
        print(f"  {violation['id']} ({violation['impact']}): {violation['help']}", flush=True)
        for node in violation["nodes"][:6]:
            print(f"    {node}", flush=True)
    check(not violations, f"{state}: no axe-core violation ({len(violations)} rules violated)")


# 1280x900 (a laptop), 640x450 (the same at 200% zoom), 390x844 (a phone),
# 320x800 (400% zoom): nothing may scroll sideways at any of them.
SIZES = ((1280, 900), (640, 450), (390, 844), (320, 800))


def reflows(url, name):
    """The page at each of SIZES: no sideways scrolling; with
    $FORMCTL_SCREENSHOTS set, a screenshot of each there."""
    shots = os.environ.get("FORMCTL_SCREENSHOTS")
    for width, height in SIZES:
        driver = browser(url, width, height)
        sideways = driver.execute_script("return document.documentElement.scrollWidth - document.documentElement.clientWidth")
        check(sideways <= 0, f"{name} at {width} CSS px: nothing scrolls sideways ({sideways} px)")
        if shots:
            driver.save_screenshot(os.path.join(shots, f"{name.replace(' ', '-')}-{width}.png"))
        driver.quit()
        drivers.remove(driver)


def type_into(driver, key, text):
    element = driver.find_element(By.ID, "field-" + key)
    element.clear()
    element.send_keys(text)


def submit(driver):
    driver.find_element(By.CSS_SELECTOR, "button.primary").click()
    WebDriverWait(driver, DEADLINE).until(lambda d: d.find_element(By.ID, "outcome").text.strip() != "")


def default_form():
    url = serve(database("default"))[0]
    driver = browser(url)
    audit(driver, "the default form, empty")
    type_into(driver, "first", "A")
    type_into(driver, "email", "not an email")
    time.sleep(0.5)
    submit(driver)
    audit(driver, "the default form after invalid values and a refused submit")
    reflows(url, "default form")


def pages():
    pages_yaml = os.path.join(FOLDER, "pages.yaml")
    with open(pages_yaml, "w", encoding="utf-8") as out:
        out.write("title: Seven pages\npages:\n")
        for number in range(1, 8):
            out.write(f"  - key: p{number}\n    title: Page {number}\n    rows:\n      - width: 540\n")
            out.write(f"        fields:\n          - {{key: f{number}, label: Field {number}, required: true}}\n")
    url = serve(database("pages", pages_yaml))[0]
    driver = browser(url.split("?")[0].rstrip("/") + "/?page=p2")
    audit(driver, "a seven-page form on its second page")
    driver.find_element(By.CSS_SELECTOR, ".tabbar details summary").click()
    WebDriverWait(driver, DEADLINE).until(lambda d: d.find_element(By.CSS_SELECTOR, ".tabbar details").get_attribute("open") is not None)
    audit(driver, "a seven-page form with More open")


def collect():
    respondents, _ = serve(database("collect"), "--collect")
    driver = browser(respondents)
    audit(driver, "the --collect respondents' page")


def survey():
    url = serve(database("survey", os.path.join(EXAMPLES, "survey.yaml")))[0]
    driver = browser(url)
    audit(driver, "the survey (every type), empty")
    submit(driver)
    audit(driver, "the survey after a refused submit")


def hebrew():
    url = serve(database("hebrew", os.path.join(EXAMPLES, "contact-rtl.yaml")))[0]
    driver = browser(url)
    html = driver.find_element(By.TAG_NAME, "html")
    check(html.get_attribute("lang") == "he" and html.get_attribute("dir") == "rtl", "the Hebrew form's page says lang=he dir=rtl")
    check(driver.find_element(By.CSS_SELECTOR, "button.primary").text == "שליחה", "and its Submit is Hebrew")
    audit(driver, "the Hebrew form, empty")
    submit(driver)
    audit(driver, "the Hebrew form after a refused submit")
    reflows(url, "hebrew form")


def family():
    db = database("family", os.path.join(EXAMPLES, "family.yaml"))
    run_formctl(FORMCTL, db, "repeat", "add", "children")
    url = serve(db)[0]
    driver = browser(url)
    check(len(driver.find_elements(By.CSS_SELECTOR, "fieldset.instance")) == 2
          and len(driver.find_elements(By.XPATH, "//button[text()='Remove child 2']")) == 1,
          "the family form has two children, each with its Remove")
    audit(driver, "the family form (groups, a repeat of two, an empty list)")
    run_formctl(FORMCTL, db, "set", "consent", "true")
    driver.get(url)
    live(driver)
    check(driver.find_element(By.ID, "group-contact").is_displayed(), "its contact group is shown once consent is given")
    audit(driver, "the family form with its group shown")
    submit(driver)
    audit(driver, "the family form after a refused submit")
    reflows(url, "family form")


def summary():
    """The owner's summary page (`/owner/summary`) of the survey with
    responses: audited at 1280 and 320 CSS px, and at every width of SIZES
    nothing scrolls sideways (pictured with $FORMCTL_SCREENSHOTS)."""
    db = database("summary", os.path.join(EXAMPLES, "survey.yaml"))
    answers = [
        {"name": "Ada", "age": 38, "laptop": False, "colour": "green", "toppings": ["cheese"], "start": "2026-01-27", "call": "09:30", "height": 1.66},
        {"name": "Grace", "age": 19, "laptop": True, "colour": "red", "toppings": ["olives", "basil"], "start": "2026-02-14", "call": "16:45"},
        {"name": "Alan", "age": 61, "laptop": True, "colour": "blue", "toppings": ["basil"], "start": "2026-03-04", "call": "12:00",
         "bio": "Likes <b>bold</b> & \"quoted\" lunches"},
    ]
    for number, answer in enumerate(answers):
        path = os.path.join(FOLDER, f"summary-{number}.json")
        with open(path, "w", encoding="utf-8") as file:
            json.dump(answer, file)
        run_formctl(FORMCTL, db, "submit", "--from", path)
    _, owner = serve(db, "--collect")
    url = owner.replace("/owner?token=", "/owner/summary?token=")
    for width, height in ((1280, 900), (320, 800)):
        driver = browser(url, width, height)
        check(driver.find_element(By.ID, "summary-heading").text == "Summary of 3 complete responses", f"the summary at {width} CSS px counts 3")
        audit(driver, f"the owner's summary at {width} CSS px")
    # The token is in the cookie now: each new browser signs in with the link.
    reflows(url, "summary")


ALL = {"default": default_form, "pages": pages, "collect": collect, "survey": survey, "hebrew": hebrew, "family": family,
       "summary": summary}


def main():
    for name in CASES or ALL:
        ALL[name]()
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
