"""Scripts that reproduce the figures in docs/ (balance, AI, rulings)."""
