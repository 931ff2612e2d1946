"""A preconstructed deck as its TOML file gives it, the same for every game: an id, a name,
a style and how many copies of which card."""

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

#: A card's id: lower case, digits and underscores, as every game's card files write them.
CardId = Annotated[str, Field(pattern=r"^[a-z0-9_]+$", min_length=2, max_length=40)]


class DeckList(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    id: CardId
    name: str
    style: str
    description: str = ""
    cards: dict[CardId, Annotated[int, Field(ge=1, le=30)]]

    def card_list(self) -> list[str]:
        return [card for card, count in self.cards.items() for _ in range(count)]
