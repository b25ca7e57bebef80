<#-- A player's games as the desk and digest mails list them (plain text). Not a mail itself.
     Each game of the list is a map; its keys are in templates/README.md (deskGames). -->

<#-- "(2 days 5 hours left, until Friday 10 May 2024, 00:00 UTC)", "(overdue since …)", or nothing without a deadline. -->
<#function timeLeft g>
  <#if !g.timeLeft?has_content>
    <#return "">
  <#elseif g.timeLeft == "overdue">
    <#return " (overdue since " + g.deadline + ")">
  </#if>
  <#return " (" + g.timeLeft + " left, until " + g.deadline + ")">
</#function>

<#macro games list>
<#if list?size == 0>
You have no game going on.
<#else>
<#list list as g>
<#if g?index != 0>

</#if>
Game ${g.gameId}, ${g.variantName}: you play ${g.side} against ${g.opponentName}.
    <#if g.yourMove>YOUR MOVE<#else>${g.opponentName} to move</#if>, turn ${g.turnNumber}${timeLeft(g)}
    Your page: ${g.playUrl}
<#list g.line as pair>
    Queued: ${pair}
</#list>
</#list>
</#if>
</#macro>
