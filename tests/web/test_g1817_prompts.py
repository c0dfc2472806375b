"""Every kind of 1817 decision that is not on the map, from positions of a real game
(``tests/data/1817``), against a scripted WebSocket: the page offers exactly the legal
actions the engine lists and sends the one chosen."""

from __future__ import annotations

from typing import Any

from .fake_table import action_sent
from .positions1817 import open_at


def legal(game: Any) -> list[dict[str, Any]]:
    decision = game.pending()
    return list(game.legal_forms(decision.seats[0])[0])


def test_an_ipo_bid_on_the_legal_grid(page: Any, server: Any, artifacts: Any) -> None:
    fake, game = open_at(page, server, 302)  # Cy may start an IPO, buy, short or pass
    box = page.locator(".bid-box")
    box.locator(".bid-target[data-target='J']").click()
    amount = box.locator("input.bid-amount")
    amount.fill("223")  # off the $5 grid: nothing can be sent
    assert box.locator("button.bid-send").is_disabled()
    assert "in steps of $5" in box.inner_text()
    amount.fill("220")
    assert box.locator("button.bid-send").is_enabled()
    page.screenshot(path=artifacts / "1817-ipo-bid.png", full_page=True)
    amount.press("Enter")
    sent = action_sent(page, fake)
    assert sent == {
        "type": "bid",
        "entity": 655,
        "entity_type": "player",
        "corporation": "J",
        "price": 220,
    }
    assert sent in legal(game)


def test_buy_short_and_corporate_loan_offered_as_listed(page: Any, server: Any) -> None:
    fake, game = open_at(page, server, 302)
    forms = legal(game)
    buys = [f for f in forms if f["type"] == "buy_shares"]
    shorts = [f for f in forms if f["type"] == "short"]
    assert page.locator(".w-buy_shares button.act").count() == len(buys)
    assert page.locator(".w-short button.act").count() == len(shorts)
    assert "from the treasury" in page.locator(".w-buy_shares").inner_text()
    page.locator(".w-short button.act", has_text="NYSW").click()
    assert action_sent(page, fake) == {
        "type": "short",
        "entity": 655,
        "entity_type": "player",
        "corporation": "NYSW",
    }


def test_a_corporation_takes_a_loan_by_its_key(page: Any, server: Any) -> None:
    fake, game = open_at(page, server, 146)  # A&S's loan step
    page.keyboard.press("l")
    sent = action_sent(page, fake)
    assert sent == next(f for f in legal(game) if f["type"] == "take_loan")
    assert sent["entity"] == "A&S"


def test_choose_the_size_after_winning_an_ipo(page: Any, server: Any) -> None:
    fake, _ = open_at(page, server, 304)
    buttons = page.locator(".w-choose button.act")
    assert buttons.all_inner_texts() == ["2 shares\n1", "5 shares\n2"]
    buttons.nth(1).click()
    assert action_sent(page, fake) == {
        "type": "choose",
        "entity": 655,
        "entity_type": "player",
        "choice": 5,
    }


def test_contribute_a_private_to_the_new_corporation(page: Any, server: Any) -> None:
    fake, game = open_at(page, server, 90)
    buttons = page.locator(".w-assign button.act")
    assert buttons.count() == len({f["target"] for f in legal(game)})
    page.locator(".w-assign button.act", has_text="Ohio Bridge").click()
    sent = action_sent(page, fake)
    assert sent in legal(game) and (sent["entity"], sent["target"]) == (1594, "OBC")


def test_the_ipo_winner_may_stop_putting_in_privates(page: Any, server: Any) -> None:
    fake, _ = open_at(page, server, 92)
    assert "Won:" in page.locator(".auction").inner_text()
    assert "set up H" in page.locator(".prompt h2").inner_text()
    page.locator(".w-pass button.act", has_text="Done").click()
    assert action_sent(page, fake) == {"type": "pass", "entity": 1594, "entity_type": "player"}


def test_dividend_choices_preview_the_engine_outcome(
    page: Any, server: Any, artifacts: Any
) -> None:
    fake, game = open_at(page, server, 214)  # A&S earned $60
    preview = game.view(0)["dividend"]["choices"]
    box = page.locator(".w-dividend")
    assert "A&S earned $60" in box.inner_text()
    payout = box.locator("button[data-kind=payout]").inner_text()
    withhold = box.locator("button[data-kind=withhold]").inner_text()
    assert f"price stays ${preview['payout']['price']}" in payout
    assert f"price → ${preview['withhold']['price']} ▼" in withhold
    assert "Bob +$60" in payout and "treasury +$60" in withhold
    page.locator(".prompt").screenshot(path=artifacts / "1817-dividend.png")
    page.keyboard.press("w")
    assert action_sent(page, fake) == {
        "type": "dividend",
        "entity": "A&S",
        "entity_type": "corporation",
        "kind": "withhold",
    }


def test_buy_a_train_from_the_depot(page: Any, server: Any) -> None:
    fake, _ = open_at(page, server, 144)
    page.locator(".w-buy_train button.act", has_text="Buy a 2 from the depot for $100").click()
    assert action_sent(page, fake) == {
        "type": "buy_train",
        "entity": "A&S",
        "entity_type": "corporation",
        "price": 100,
        "train": "2-0",
    }


def test_buy_a_train_from_another_corporation_at_a_price(
    page: Any, server: Any, artifacts: Any
) -> None:
    fake, game = open_at(page, server, 150)
    sales = game.view(0)["train_sales"]
    form = page.locator(".train-sale")
    offered = form.locator("select option").evaluate_all("(os) => os.map((o) => o.value)")
    assert offered == [t["id"] for t in sales["trains"]]
    price = form.locator("input.sale-price")
    price.fill(str(sales["max_price"] + 1))  # more than the buyer has: cannot be sent
    assert form.locator("button").is_disabled()
    price.fill("1")
    page.locator(".prompt").screenshot(path=artifacts / "1817-train-sale.png")
    form.locator("button").click()
    sent = action_sent(page, fake)
    assert sent == {
        "type": "buy_train",
        "entity": sales["buyer"],
        "entity_type": "corporation",
        "train": sales["trains"][0]["id"],
        "price": 1,
    }
    # the engine takes it: the same rule that listed the train
    game.apply(game.action_from_dict(sent), game.pending().seats[0])


def test_convert_or_merge(page: Any, server: Any) -> None:
    fake, _ = open_at(page, server, 197)
    assert "Convert A&S to 5 shares" in str(page.locator(".w-convert").text_content())
    page.locator(".w-merge button.act").click()
    assert action_sent(page, fake) == {
        "type": "merge",
        "entity": "A&S",
        "entity_type": "corporation",
        "corporation": "GT",
    }


def test_post_conversion_purchase(page: Any, server: Any) -> None:
    fake, _ = open_at(page, server, 266)
    page.locator(".w-buy_shares button.act").click()
    assert action_sent(page, fake) == {
        "type": "buy_shares",
        "entity": 5159,
        "entity_type": "player",
        "shares": ["A&S_1"],
    }


def test_acquisition_auction_bid_in_tens(page: Any, server: Any) -> None:
    fake, game = open_at(page, server, 613)  # GT in liquidation, bids from $10
    box = page.locator(".bid-box")
    assert "Auction" in page.locator(".auction").inner_text()
    box.locator("button", has_text="+").click()
    assert box.locator("input.bid-amount").input_value() == "20"
    page.keyboard.press("Enter")
    sent = action_sent(page, fake)
    assert sent == {
        "type": "bid",
        "entity": 655,
        "entity_type": "player",
        "corporation": "GT",
        "price": 20,
    }
    assert sent in legal(game)


def test_offer_a_corporation_for_sale(page: Any, server: Any) -> None:
    fake, game = open_at(page, server, 206)
    assert "Keep WT (no sale)" in page.locator(".w-pass").inner_text()
    page.locator(".w-assign button.act", has_text="Offer WT for sale").click()
    sent = action_sent(page, fake)
    assert sent in legal(game) and (sent["entity"], sent["target"]) == (655, "WT")


def test_the_winner_picks_the_buying_corporation(page: Any, server: Any) -> None:
    fake, _ = open_at(page, server, 965)
    buttons = page.locator(".w-merge button.act")
    assert buttons.count() == 2
    # Cy won A&A's friendly sale for $450: which of Cy's corporations buys it
    assert "choose which corporation buys A&A" in page.locator(".prompt h2").inner_text()
    assert "buys A&A for $450" in str(buttons.first.text_content())
    assert "Cy won it for $450" in page.locator(".auction").inner_text()
    buttons.filter(has_text="WT").click()
    assert action_sent(page, fake) == {
        "type": "merge",
        "entity": 655,
        "entity_type": "player",
        "corporation": "WT",
    }


def test_discard_a_train_over_the_limit(page: Any, server: Any) -> None:
    fake, _ = open_at(page, server, 1131)
    assert "over its train limit" in page.locator(".w-discard_train").inner_text()
    page.locator(".w-discard_train button.act", has_text="4-2").click()
    assert action_sent(page, fake) == {
        "type": "discard_train",
        "entity": "WT",
        "entity_type": "corporation",
        "train": "4-2",
    }


def test_cash_crisis_sell_or_go_bankrupt(page: Any, server: Any, artifacts: Any) -> None:
    fake, game = open_at(page, server, 1123, name="1817__1817_game_end_bankrupt.json")
    forms = legal(game)
    sales = [f for f in forms if f["type"] == "sell_shares"]
    assert "owes money" in page.locator(".w-sell_shares").inner_text()
    assert page.locator(".w-sell_shares button.act").count() == len(sales)
    assert page.locator(".w-bankrupt button.danger").count() == 1
    page.locator(".prompt").screenshot(path=artifacts / "1817-cash-crisis.png")
    page.locator(".w-sell_shares button.act").first.click()
    assert action_sent(page, fake) in sales
