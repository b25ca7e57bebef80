<#-- Plain-text mail after a turn was accepted; turn-accepted.ftlh is the HTML part of the same mail.
     Model: gameId, variantName, playedBy (who played the turn), turn (the turn as played, in notation),
     diagram (the position as a list of text lines), toMove and sideToMove (who is to move now),
     replyAddress (where the reply goes), gameUrl (the game's web page). -->
Game ${gameId}: ${variantName}

${playedBy} played:

    ${turn}

The position now:

<#list diagram as line>
    ${line}
</#list>

${toMove} (${sideToMove}) is to move.

To play your turn, reply to this mail and write the turn on the first line
of your reply, in the same notation as the turn above. Your reply goes to

    ${replyAddress}

The quoted mail and your signature are ignored.

You can also see the game at ${gameUrl}
