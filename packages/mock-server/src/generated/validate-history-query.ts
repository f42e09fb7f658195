// This file is generated from openapi.yaml by `npm run generate` (ajv standalone, scripts/generators/mock-validators*.mjs).
// Do not edit it by hand: change openapi.yaml and regenerate.
/* eslint-disable */
// @ts-nocheck
import type { CompiledValidator } from '../validation/compiled.js';
import { formats } from '../validation/formats.js';
const schema11 = {"type":"object","required":["origin","destination","cabinType","airlineLoyalty","lookbackDays"],"properties":{"origin":{"type":"string","pattern":"^[A-Z]{3}$"},"destination":{"type":"string","pattern":"^[A-Z]{3}$"},"cabinType":{"type":"string","enum":["ECONOMY","BUSINESS"]},"airlineLoyalty":{"type":"array","minItems":1,"items":{"type":"string","enum":["PROGRAM_1","PROGRAM_2","PROGRAM_3","PROGRAM_3_INTERLINE","PROGRAM_4","PROGRAM_5","PROGRAM_6","PROGRAM_7"]}},"lookbackDays":{"type":"integer","minimum":1,"maximum":30},"onlyFutureDepartures":{"type":"boolean","default":false},"departureDate":{"type":"array","items":{"type":"string","format":"date","pattern":"^[0-9]{4}-[0-9]{2}-[0-9]{2}$"}}}};
const func0 = Object.prototype.hasOwnProperty;
const pattern0 = new RegExp("^[A-Z]{3}$", "u");
const pattern2 = new RegExp("^[0-9]{4}-[0-9]{2}-[0-9]{2}$", "u");
const formats0 = formats.date;

function validate10(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if((data.origin === undefined) || (!(func0.call(data, "origin")))){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "origin"},message:"must have required property '"+"origin"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if((data.destination === undefined) || (!(func0.call(data, "destination")))){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "destination"},message:"must have required property '"+"destination"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if((data.cabinType === undefined) || (!(func0.call(data, "cabinType")))){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "cabinType"},message:"must have required property '"+"cabinType"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if((data.airlineLoyalty === undefined) || (!(func0.call(data, "airlineLoyalty")))){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "airlineLoyalty"},message:"must have required property '"+"airlineLoyalty"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if((data.lookbackDays === undefined) || (!(func0.call(data, "lookbackDays")))){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "lookbackDays"},message:"must have required property '"+"lookbackDays"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.origin !== undefined && func0.call(data, "origin")){
let data0 = data.origin;
if(typeof data0 !== "string"){
let dataType0 = typeof data0;
let coerced0 = undefined;
if(!(coerced0 !== undefined)){
if(dataType0 == "number" || dataType0 == "boolean"){
coerced0 = "" + data0;
}
else if(data0 === null){
coerced0 = "";
}
else {
const err5 = {instancePath:instancePath+"/origin",schemaPath:"#/properties/origin/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(coerced0 !== undefined){
data0 = coerced0;
if(data !== undefined){
data["origin"] = coerced0;
}
}
}
if(typeof data0 === "string"){
if(!pattern0.test(data0)){
const err6 = {instancePath:instancePath+"/origin",schemaPath:"#/properties/origin/pattern",keyword:"pattern",params:{pattern: "^[A-Z]{3}$"},message:"must match pattern \""+"^[A-Z]{3}$"+"\""};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
}
if(data.destination !== undefined && func0.call(data, "destination")){
let data1 = data.destination;
if(typeof data1 !== "string"){
let dataType1 = typeof data1;
let coerced1 = undefined;
if(!(coerced1 !== undefined)){
if(dataType1 == "number" || dataType1 == "boolean"){
coerced1 = "" + data1;
}
else if(data1 === null){
coerced1 = "";
}
else {
const err7 = {instancePath:instancePath+"/destination",schemaPath:"#/properties/destination/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(coerced1 !== undefined){
data1 = coerced1;
if(data !== undefined){
data["destination"] = coerced1;
}
}
}
if(typeof data1 === "string"){
if(!pattern0.test(data1)){
const err8 = {instancePath:instancePath+"/destination",schemaPath:"#/properties/destination/pattern",keyword:"pattern",params:{pattern: "^[A-Z]{3}$"},message:"must match pattern \""+"^[A-Z]{3}$"+"\""};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
}
if(data.cabinType !== undefined && func0.call(data, "cabinType")){
let data2 = data.cabinType;
if(typeof data2 !== "string"){
let dataType2 = typeof data2;
let coerced2 = undefined;
if(!(coerced2 !== undefined)){
if(dataType2 == "number" || dataType2 == "boolean"){
coerced2 = "" + data2;
}
else if(data2 === null){
coerced2 = "";
}
else {
const err9 = {instancePath:instancePath+"/cabinType",schemaPath:"#/properties/cabinType/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(coerced2 !== undefined){
data2 = coerced2;
if(data !== undefined){
data["cabinType"] = coerced2;
}
}
}
if(!((data2 === "ECONOMY") || (data2 === "BUSINESS"))){
const err10 = {instancePath:instancePath+"/cabinType",schemaPath:"#/properties/cabinType/enum",keyword:"enum",params:{allowedValues: schema11.properties.cabinType.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.airlineLoyalty !== undefined && func0.call(data, "airlineLoyalty")){
let data3 = data.airlineLoyalty;
if(Array.isArray(data3)){
if(data3.length < 1){
const err11 = {instancePath:instancePath+"/airlineLoyalty",schemaPath:"#/properties/airlineLoyalty/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
const len0 = data3.length;
for(let i0=0; i0<len0; i0++){
let data4 = data3[i0];
if(typeof data4 !== "string"){
let dataType3 = typeof data4;
let coerced3 = undefined;
if(!(coerced3 !== undefined)){
if(dataType3 == "number" || dataType3 == "boolean"){
coerced3 = "" + data4;
}
else if(data4 === null){
coerced3 = "";
}
else {
const err12 = {instancePath:instancePath+"/airlineLoyalty/" + i0,schemaPath:"#/properties/airlineLoyalty/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(coerced3 !== undefined){
data4 = coerced3;
if(data3 !== undefined){
data3[i0] = coerced3;
}
}
}
if(!((((((((data4 === "PROGRAM_1") || (data4 === "PROGRAM_2")) || (data4 === "PROGRAM_3")) || (data4 === "PROGRAM_3_INTERLINE")) || (data4 === "PROGRAM_4")) || (data4 === "PROGRAM_5")) || (data4 === "PROGRAM_6")) || (data4 === "PROGRAM_7"))){
const err13 = {instancePath:instancePath+"/airlineLoyalty/" + i0,schemaPath:"#/properties/airlineLoyalty/items/enum",keyword:"enum",params:{allowedValues: schema11.properties.airlineLoyalty.items.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
}
else {
const err14 = {instancePath:instancePath+"/airlineLoyalty",schemaPath:"#/properties/airlineLoyalty/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
if(data.lookbackDays !== undefined && func0.call(data, "lookbackDays")){
let data5 = data.lookbackDays;
if(!(((typeof data5 == "number") && (!(data5 % 1) && !isNaN(data5))) && (isFinite(data5)))){
let dataType4 = typeof data5;
let coerced4 = undefined;
if(!(coerced4 !== undefined)){
if(dataType4 === "boolean" || data5 === null
              || (dataType4 === "string" && data5 && data5 == +data5 && !(data5 % 1))){
coerced4 = +data5;
}
else {
const err15 = {instancePath:instancePath+"/lookbackDays",schemaPath:"#/properties/lookbackDays/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(coerced4 !== undefined){
data5 = coerced4;
if(data !== undefined){
data["lookbackDays"] = coerced4;
}
}
}
if((typeof data5 == "number") && (isFinite(data5))){
if(data5 > 30 || isNaN(data5)){
const err16 = {instancePath:instancePath+"/lookbackDays",schemaPath:"#/properties/lookbackDays/maximum",keyword:"maximum",params:{comparison: "<=", limit: 30},message:"must be <= 30"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
if(data5 < 1 || isNaN(data5)){
const err17 = {instancePath:instancePath+"/lookbackDays",schemaPath:"#/properties/lookbackDays/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
}
if(data.onlyFutureDepartures !== undefined && func0.call(data, "onlyFutureDepartures")){
let data6 = data.onlyFutureDepartures;
if(typeof data6 !== "boolean"){
let coerced5 = undefined;
if(!(coerced5 !== undefined)){
if(data6 === "false" || data6 === 0 || data6 === null){
coerced5 = false;
}
else if(data6 === "true" || data6 === 1){
coerced5 = true;
}
else {
const err18 = {instancePath:instancePath+"/onlyFutureDepartures",schemaPath:"#/properties/onlyFutureDepartures/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
if(coerced5 !== undefined){
data6 = coerced5;
if(data !== undefined){
data["onlyFutureDepartures"] = coerced5;
}
}
}
}
if(data.departureDate !== undefined && func0.call(data, "departureDate")){
let data7 = data.departureDate;
if(Array.isArray(data7)){
const len1 = data7.length;
for(let i1=0; i1<len1; i1++){
let data8 = data7[i1];
if(typeof data8 !== "string"){
let dataType6 = typeof data8;
let coerced6 = undefined;
if(!(coerced6 !== undefined)){
if(dataType6 == "number" || dataType6 == "boolean"){
coerced6 = "" + data8;
}
else if(data8 === null){
coerced6 = "";
}
else {
const err19 = {instancePath:instancePath+"/departureDate/" + i1,schemaPath:"#/properties/departureDate/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(coerced6 !== undefined){
data8 = coerced6;
if(data7 !== undefined){
data7[i1] = coerced6;
}
}
}
if(typeof data8 === "string"){
if(!pattern2.test(data8)){
const err20 = {instancePath:instancePath+"/departureDate/" + i1,schemaPath:"#/properties/departureDate/items/pattern",keyword:"pattern",params:{pattern: "^[0-9]{4}-[0-9]{2}-[0-9]{2}$"},message:"must match pattern \""+"^[0-9]{4}-[0-9]{2}-[0-9]{2}$"+"\""};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
if(!(formats0(data8))){
const err21 = {instancePath:instancePath+"/departureDate/" + i1,schemaPath:"#/properties/departureDate/items/format",keyword:"format",params:{format: "date"},message:"must match format \""+"date"+"\""};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
}
}
else {
const err22 = {instancePath:instancePath+"/departureDate",schemaPath:"#/properties/departureDate/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
}
else {
const err23 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
validate10.errors = vErrors;
return errors === 0;
}

export const validateHistoryQuerySchema: CompiledValidator = validate10;
