"""Studying games in bulk: a simulation's statistics (`stats`), bots in duplicate (`arena`), where
the games are played (`runners`: this process, the machine's cores, a Ray cluster) and plots
(`plots`).

Imports: every stage up to `record`.
"""
