// This file is generated from openapi.yaml by `npm run generate` (ajv standalone, scripts/generators/mock-validators*.mjs).
// Do not edit it by hand: change openapi.yaml and regenerate.
/* eslint-disable */
// @ts-nocheck
import type { CompiledValidator } from '../validation/compiled.js';
import { formats } from '../validation/formats.js';
const schema11 = {"type":"object","required":["airlineLoyalty","tripType","cabinType","origin","destination","departureDate","passengers"],"properties":{"airlineLoyalty":{"type":"array","minItems":1,"maxItems":1,"items":{"type":"string","enum":["PROGRAM_1","PROGRAM_2","PROGRAM_3","PROGRAM_3_INTERLINE","PROGRAM_4","PROGRAM_5","PROGRAM_6","PROGRAM_7","PROGRAM_8"]}},"priceType":{"type":"string","enum":["MILES","CASH"],"default":"MILES"},"tripType":{"type":"string","enum":["ONE_WAY","ROUND_TRIP"]},"cabinType":{"type":"string","enum":["ECONOMY","BUSINESS"]},"origin":{"type":"string","pattern":"^[A-Z]{3}$"},"destination":{"type":"string","pattern":"^[A-Z]{3}$"},"departureDate":{"type":"string","format":"date","pattern":"^[0-9]{4}-[0-9]{2}-[0-9]{2}$"},"returnDate":{"type":"string","format":"date","pattern":"^[0-9]{4}-[0-9]{2}-[0-9]{2}$"},"passengers":{"type":"object","required":["adults"],"properties":{"adults":{"type":"integer","minimum":1,"maximum":9},"children":{"type":"integer","minimum":0,"maximum":8,"default":0},"infants":{"type":"integer","minimum":0,"maximum":4,"default":0}}},"responseFormat":{"type":"string","enum":["RAW","PARSED"],"default":"RAW"}}};
const func0 = Object.prototype.hasOwnProperty;
const pattern0 = new RegExp("^[A-Z]{3}$", "u");
const pattern2 = new RegExp("^[0-9]{4}-[0-9]{2}-[0-9]{2}$", "u");
const formats0 = formats.date;

function validate10(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if((data.airlineLoyalty === undefined) || (!(func0.call(data, "airlineLoyalty")))){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "airlineLoyalty"},message:"must have required property '"+"airlineLoyalty"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if((data.tripType === undefined) || (!(func0.call(data, "tripType")))){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "tripType"},message:"must have required property '"+"tripType"+"'"};
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
if((data.origin === undefined) || (!(func0.call(data, "origin")))){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "origin"},message:"must have required property '"+"origin"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if((data.destination === undefined) || (!(func0.call(data, "destination")))){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "destination"},message:"must have required property '"+"destination"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if((data.departureDate === undefined) || (!(func0.call(data, "departureDate")))){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "departureDate"},message:"must have required property '"+"departureDate"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if((data.passengers === undefined) || (!(func0.call(data, "passengers")))){
const err6 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "passengers"},message:"must have required property '"+"passengers"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(data.airlineLoyalty !== undefined && func0.call(data, "airlineLoyalty")){
let data0 = data.airlineLoyalty;
if(Array.isArray(data0)){
if(data0.length > 1){
const err7 = {instancePath:instancePath+"/airlineLoyalty",schemaPath:"#/properties/airlineLoyalty/maxItems",keyword:"maxItems",params:{limit: 1},message:"must NOT have more than 1 items"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(data0.length < 1){
const err8 = {instancePath:instancePath+"/airlineLoyalty",schemaPath:"#/properties/airlineLoyalty/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
const len0 = data0.length;
for(let i0=0; i0<len0; i0++){
let data1 = data0[i0];
if(typeof data1 !== "string"){
const err9 = {instancePath:instancePath+"/airlineLoyalty/" + i0,schemaPath:"#/properties/airlineLoyalty/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if(!(((((((((data1 === "PROGRAM_1") || (data1 === "PROGRAM_2")) || (data1 === "PROGRAM_3")) || (data1 === "PROGRAM_3_INTERLINE")) || (data1 === "PROGRAM_4")) || (data1 === "PROGRAM_5")) || (data1 === "PROGRAM_6")) || (data1 === "PROGRAM_7")) || (data1 === "PROGRAM_8"))){
const err10 = {instancePath:instancePath+"/airlineLoyalty/" + i0,schemaPath:"#/properties/airlineLoyalty/items/enum",keyword:"enum",params:{allowedValues: schema11.properties.airlineLoyalty.items.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
}
else {
const err11 = {instancePath:instancePath+"/airlineLoyalty",schemaPath:"#/properties/airlineLoyalty/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.priceType !== undefined && func0.call(data, "priceType")){
let data2 = data.priceType;
if(typeof data2 !== "string"){
const err12 = {instancePath:instancePath+"/priceType",schemaPath:"#/properties/priceType/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if(!((data2 === "MILES") || (data2 === "CASH"))){
const err13 = {instancePath:instancePath+"/priceType",schemaPath:"#/properties/priceType/enum",keyword:"enum",params:{allowedValues: schema11.properties.priceType.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data.tripType !== undefined && func0.call(data, "tripType")){
let data3 = data.tripType;
if(typeof data3 !== "string"){
const err14 = {instancePath:instancePath+"/tripType",schemaPath:"#/properties/tripType/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
if(!((data3 === "ONE_WAY") || (data3 === "ROUND_TRIP"))){
const err15 = {instancePath:instancePath+"/tripType",schemaPath:"#/properties/tripType/enum",keyword:"enum",params:{allowedValues: schema11.properties.tripType.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data.cabinType !== undefined && func0.call(data, "cabinType")){
let data4 = data.cabinType;
if(typeof data4 !== "string"){
const err16 = {instancePath:instancePath+"/cabinType",schemaPath:"#/properties/cabinType/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
if(!((data4 === "ECONOMY") || (data4 === "BUSINESS"))){
const err17 = {instancePath:instancePath+"/cabinType",schemaPath:"#/properties/cabinType/enum",keyword:"enum",params:{allowedValues: schema11.properties.cabinType.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data.origin !== undefined && func0.call(data, "origin")){
let data5 = data.origin;
if(typeof data5 === "string"){
if(!pattern0.test(data5)){
const err18 = {instancePath:instancePath+"/origin",schemaPath:"#/properties/origin/pattern",keyword:"pattern",params:{pattern: "^[A-Z]{3}$"},message:"must match pattern \""+"^[A-Z]{3}$"+"\""};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
else {
const err19 = {instancePath:instancePath+"/origin",schemaPath:"#/properties/origin/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data.destination !== undefined && func0.call(data, "destination")){
let data6 = data.destination;
if(typeof data6 === "string"){
if(!pattern0.test(data6)){
const err20 = {instancePath:instancePath+"/destination",schemaPath:"#/properties/destination/pattern",keyword:"pattern",params:{pattern: "^[A-Z]{3}$"},message:"must match pattern \""+"^[A-Z]{3}$"+"\""};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
else {
const err21 = {instancePath:instancePath+"/destination",schemaPath:"#/properties/destination/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
if(data.departureDate !== undefined && func0.call(data, "departureDate")){
let data7 = data.departureDate;
if(typeof data7 === "string"){
if(!pattern2.test(data7)){
const err22 = {instancePath:instancePath+"/departureDate",schemaPath:"#/properties/departureDate/pattern",keyword:"pattern",params:{pattern: "^[0-9]{4}-[0-9]{2}-[0-9]{2}$"},message:"must match pattern \""+"^[0-9]{4}-[0-9]{2}-[0-9]{2}$"+"\""};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
if(!(formats0(data7))){
const err23 = {instancePath:instancePath+"/departureDate",schemaPath:"#/properties/departureDate/format",keyword:"format",params:{format: "date"},message:"must match format \""+"date"+"\""};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
else {
const err24 = {instancePath:instancePath+"/departureDate",schemaPath:"#/properties/departureDate/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
if(data.returnDate !== undefined && func0.call(data, "returnDate")){
let data8 = data.returnDate;
if(typeof data8 === "string"){
if(!pattern2.test(data8)){
const err25 = {instancePath:instancePath+"/returnDate",schemaPath:"#/properties/returnDate/pattern",keyword:"pattern",params:{pattern: "^[0-9]{4}-[0-9]{2}-[0-9]{2}$"},message:"must match pattern \""+"^[0-9]{4}-[0-9]{2}-[0-9]{2}$"+"\""};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
if(!(formats0(data8))){
const err26 = {instancePath:instancePath+"/returnDate",schemaPath:"#/properties/returnDate/format",keyword:"format",params:{format: "date"},message:"must match format \""+"date"+"\""};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
else {
const err27 = {instancePath:instancePath+"/returnDate",schemaPath:"#/properties/returnDate/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
if(data.passengers !== undefined && func0.call(data, "passengers")){
let data9 = data.passengers;
if(data9 && typeof data9 == "object" && !Array.isArray(data9)){
if((data9.adults === undefined) || (!(func0.call(data9, "adults")))){
const err28 = {instancePath:instancePath+"/passengers",schemaPath:"#/properties/passengers/required",keyword:"required",params:{missingProperty: "adults"},message:"must have required property '"+"adults"+"'"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
if(data9.adults !== undefined && func0.call(data9, "adults")){
let data10 = data9.adults;
if(!(((typeof data10 == "number") && (!(data10 % 1) && !isNaN(data10))) && (isFinite(data10)))){
const err29 = {instancePath:instancePath+"/passengers/adults",schemaPath:"#/properties/passengers/properties/adults/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
if((typeof data10 == "number") && (isFinite(data10))){
if(data10 > 9 || isNaN(data10)){
const err30 = {instancePath:instancePath+"/passengers/adults",schemaPath:"#/properties/passengers/properties/adults/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9},message:"must be <= 9"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
if(data10 < 1 || isNaN(data10)){
const err31 = {instancePath:instancePath+"/passengers/adults",schemaPath:"#/properties/passengers/properties/adults/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
}
if(data9.children !== undefined && func0.call(data9, "children")){
let data11 = data9.children;
if(!(((typeof data11 == "number") && (!(data11 % 1) && !isNaN(data11))) && (isFinite(data11)))){
const err32 = {instancePath:instancePath+"/passengers/children",schemaPath:"#/properties/passengers/properties/children/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
if((typeof data11 == "number") && (isFinite(data11))){
if(data11 > 8 || isNaN(data11)){
const err33 = {instancePath:instancePath+"/passengers/children",schemaPath:"#/properties/passengers/properties/children/maximum",keyword:"maximum",params:{comparison: "<=", limit: 8},message:"must be <= 8"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
if(data11 < 0 || isNaN(data11)){
const err34 = {instancePath:instancePath+"/passengers/children",schemaPath:"#/properties/passengers/properties/children/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
}
}
if(data9.infants !== undefined && func0.call(data9, "infants")){
let data12 = data9.infants;
if(!(((typeof data12 == "number") && (!(data12 % 1) && !isNaN(data12))) && (isFinite(data12)))){
const err35 = {instancePath:instancePath+"/passengers/infants",schemaPath:"#/properties/passengers/properties/infants/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
if((typeof data12 == "number") && (isFinite(data12))){
if(data12 > 4 || isNaN(data12)){
const err36 = {instancePath:instancePath+"/passengers/infants",schemaPath:"#/properties/passengers/properties/infants/maximum",keyword:"maximum",params:{comparison: "<=", limit: 4},message:"must be <= 4"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
if(data12 < 0 || isNaN(data12)){
const err37 = {instancePath:instancePath+"/passengers/infants",schemaPath:"#/properties/passengers/properties/infants/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
}
}
else {
const err38 = {instancePath:instancePath+"/passengers",schemaPath:"#/properties/passengers/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
}
if(data.responseFormat !== undefined && func0.call(data, "responseFormat")){
let data13 = data.responseFormat;
if(typeof data13 !== "string"){
const err39 = {instancePath:instancePath+"/responseFormat",schemaPath:"#/properties/responseFormat/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
if(!((data13 === "RAW") || (data13 === "PARSED"))){
const err40 = {instancePath:instancePath+"/responseFormat",schemaPath:"#/properties/responseFormat/enum",keyword:"enum",params:{allowedValues: schema11.properties.responseFormat.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
}
}
else {
const err41 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
validate10.errors = vErrors;
return errors === 0;
}

export const validateSearchRequestSchema: CompiledValidator = validate10;
